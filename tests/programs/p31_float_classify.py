"""IEEE classes of a float: NaN, the infinities, zero of either sign, subnormal, normal.

math.isnan / math.isinf first, then a chained comparison on abs(x): -0.0 == 0.0 lands
in 'zero', and no float other than a subnormal lies below the least normal 2**-1022.
"""
import math


def classify(x: float) -> str:
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "pos_inf" if x > 0 else "neg_inf"
    if x == 0.0:
        return "zero"
    if 0.0 < abs(x) < 2.2250738585072014e-308:
        return "subnormal"
    if x < 0:
        return "negative"
    return "positive"


EXPECTED = {
    "function": "classify",
    "reach": [
        "return 'nan'",
        "return 'pos_inf'",
        "return 'neg_inf'",
        "return 'zero'",
        "return 'subnormal'",
        "return 'negative'",
        "return 'positive'",
    ],
    "never": ["bug ValueError", "bug OverflowError"],
    "complete": True,
    # nan; +inf; -inf; zero; subnormal (either sign: 0 < abs(x) always holds there); negative; positive
    "paths": 7,
    "witness": {
        "return 'nan'": {"x": float("nan")},
        "return 'pos_inf'": {"x": float("inf")},
        "return 'neg_inf'": {"x": float("-inf")},
        "return 'zero'": {"x": -0.0},
        "return 'subnormal'": {"x": -5e-324},
        "return 'negative'": {"x": -1.5},
        "return 'positive'": {"x": 2.2250738585072014e-308},
    },
}
