"""1.0 / x: Python raises ZeroDivisionError for 0.0 and -0.0 where IEEE gives +-inf.

An engine whose model follows IEEE division would report 'negative' for x = -0.0; the
plain run raises.  The inverse of an infinity is a (signed) zero; 1.0 / 5e-324 is inf.
"""
import math


def inverse_sign(x: float) -> str:
    if math.isnan(x):
        return "nan"
    r = 1.0 / x
    if r == 0.0:
        return "inverse_zero"
    if r < 0.0:
        return "negative"
    return "positive"


EXPECTED = {
    "function": "inverse_sign",
    "reach": [
        "return 'nan'",
        "return 'inverse_zero'",
        "return 'negative'",
        "return 'positive'",
        "bug ZeroDivisionError",
    ],
    "never": [],
    "complete": True,
    "witness": {
        "return 'nan'": {"x": float("nan")},
        "return 'inverse_zero'": {"x": float("-inf")},
        "return 'negative'": {"x": -2.0},
        "return 'positive'": {"x": 5e-324},
        "bug ZeroDivisionError": {"x": -0.0},
    },
}
