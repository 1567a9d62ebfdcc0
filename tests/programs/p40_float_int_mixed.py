"""Comparisons between an int and a float (exact in Python, even past 2**53), a chained
comparison n < x < n + 1, and math.ceil guarded against NaN and the infinities.

Past 2**53 no double lies strictly between n and n + 1, so 'just_above' needs a small n.
"""
import math


def compare(n: int, x: float) -> str:
    if n == x:
        return "equal"
    if n < x < n + 1:
        return "just_above"
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "infinite"
    if math.ceil(x) == n:
        return "just_below"
    return "far"


EXPECTED = {
    "function": "compare",
    "reach": [
        "return 'equal'",
        "return 'just_above'",
        "return 'nan'",
        "return 'infinite'",
        "return 'just_below'",
        "return 'far'",
    ],
    "never": ["bug ValueError", "bug OverflowError"],
    "complete": True,
    # equal; just_above; after n < x fails: nan / -inf / just_below / far;
    # after x < n + 1 fails: +inf / far
    "paths": 8,
    "witness": {
        "return 'equal'": {"n": 0, "x": -0.0},
        "return 'just_above'": {"n": -3, "x": -2.5},
        "return 'nan'": {"n": 3, "x": float("nan")},
        "return 'infinite'": {"n": 3, "x": float("inf")},
        "return 'just_below'": {"n": 1, "x": 5e-324},
        # as floats they would be equal: 2**53 + 1 rounds to 2**53
        "return 'far'": {"n": 2**53 + 1, "x": 2.0**53},
    },
}
