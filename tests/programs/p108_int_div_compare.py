"""An int / int quotient of two inputs compared with float constants: the rounded
quotient equals 0.1 for 1 / 10 (though no real a / b with small ints is the double
0.1 exactly), and a zero divisor raises ZeroDivisionError.
"""


def ratio(a: int, b: int) -> str:
    if a < -1000 or a > 1000:
        return "out_of_range"
    q = a / b
    if q == 0.1:
        return "tenth"
    if q > 2.5:
        return "big"
    if q <= -1.0:
        return "negative"
    return "small"


EXPECTED = {
    "function": "ratio",
    "reach": [
        "return 'out_of_range'",
        "return 'tenth'",
        "return 'big'",
        "return 'negative'",
        "return 'small'",
        "bug ZeroDivisionError",
    ],
    "never": ["bug OverflowError"],
    "complete": True,
    "paths": 7,
    "grid": {"a": [1, 2000], "b": [10]},
    "witness": {
        "return 'out_of_range'": {"a": 2000, "b": 1},
        "return 'tenth'": {"a": 1, "b": 10},
        "return 'big'": {"a": 5, "b": 1},
        "return 'negative'": {"a": -2, "b": 1},
        "return 'small'": {"a": 0, "b": 1},
        "bug ZeroDivisionError": {"a": 0, "b": 0},
    },
}
