"""int(x) truncates toward zero, math.floor rounds down: they differ on negative fractions.

int() of NaN raises ValueError and of an infinity OverflowError (bugs: the runtime
raises them).  -0.0 and 1e308 are integral.
"""
import math


def truncate(x: float) -> str:
    i = int(x)
    if i == x:
        return "integral"
    if math.floor(x) != i:
        return "negative_fraction"
    return "positive_fraction"


EXPECTED = {
    "function": "truncate",
    "reach": [
        "return 'integral'",
        "return 'negative_fraction'",
        "return 'positive_fraction'",
        "bug ValueError",
        "bug OverflowError",
    ],
    "never": [],
    "complete": True,
    "witness": {
        "return 'integral'": {"x": 1e308},
        "return 'negative_fraction'": {"x": -0.5},
        "return 'positive_fraction'": {"x": 2.5},
        "bug ValueError": {"x": float("nan")},
        "bug OverflowError": {"x": float("-inf")},
    },
}
