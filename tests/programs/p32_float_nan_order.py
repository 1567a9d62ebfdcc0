"""Comparing two floats: when none of <, > and == holds, one of them must be NaN.

An engine that treats floats as reals (trichotomy) cannot reach 'unordered'; one that
mis-models NaN reports the assert as a false bug.  0.0 and -0.0 compare equal.
"""
import math


def order(a: float, b: float) -> str:
    if a < b:
        return "lt"
    if a > b:
        return "gt"
    if a == b:
        return "eq"
    assert math.isnan(a) or math.isnan(b)
    return "unordered"


EXPECTED = {
    "function": "order",
    "reach": ["return 'lt'", "return 'gt'", "return 'eq'", "return 'unordered'"],
    "never": ["bug AssertionError"],
    "complete": True,
    # lt; gt; eq; unordered with a NaN, or with a a number and b NaN
    "paths": 5,
    "witness": {
        "return 'lt'": {"a": -1.0, "b": float("inf")},
        "return 'gt'": {"a": 5e-324, "b": -0.0},
        "return 'eq'": {"a": 0.0, "b": -0.0},
        "return 'unordered'": {"a": 1.0, "b": float("nan")},
    },
}
