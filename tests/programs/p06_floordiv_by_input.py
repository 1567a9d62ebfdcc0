"""Floor division by an input: ZeroDivisionError when b == 0 (and a <= 100)."""


def ratio(a: int, b: int) -> str:
    if a > 100:
        return "big"
    q = a // b
    if q == 3:
        return "three"
    if q < 0:
        return "negative"
    return "other"


EXPECTED = {
    "function": "ratio",
    "reach": [
        "return 'big'",
        "return 'three'",
        "return 'negative'",
        "return 'other'",
        "bug ZeroDivisionError",
    ],
    "never": [],
    "complete": True,
    "witness": {
        "return 'big'": {"a": 101, "b": 0},
        "return 'three'": {"a": 7, "b": 2},
        "return 'negative'": {"a": -1, "b": 2},
        "return 'other'": {"a": 0, "b": 1},
        "bug ZeroDivisionError": {"a": 1, "b": 0},
    },
}
