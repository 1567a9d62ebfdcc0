"""divmod with negative operands (floor division, remainder with the divisor's sign),
abs, min/max of two ints, and three-argument pow; divmod by zero is a bug."""


def split(a: int, b: int) -> str:
    q, r = divmod(a, b)
    assert a == q * b + r
    assert r == 0 or (r < 0) == (b < 0)
    if abs(a) > 10 and min(a, b) == max(a, b):
        return "equal_big"
    if q < 0 and r > 0:
        return "floor_negative"
    if pow(b, 2, 5) == 4 and q == 0:
        return "square_mod"
    if abs(q) == 1:
        return "unit_quotient"
    return "other"


EXPECTED = {
    "function": "split",
    "reach": [
        "return 'equal_big'",
        "return 'floor_negative'",
        "return 'square_mod'",
        "return 'unit_quotient'",
        "return 'other'",
        "bug ZeroDivisionError",
    ],
    "never": ["bug AssertionError"],
    "complete": True,
    "witness": {
        "return 'equal_big'": {"a": -11, "b": -11},
        "return 'floor_negative'": {"a": -7, "b": 2},
        "return 'square_mod'": {"a": 1, "b": 3},
        "return 'unit_quotient'": {"a": 5, "b": 4},
        "return 'other'": {"a": 0, "b": 1},
        "bug ZeroDivisionError": {"a": 1, "b": 0},
    },
}
