"""Chained comparisons on a float (0.0 <= x < 1.0 ...) joined by `or`: -0.0 is in the
unit band, NaN fails every comparison, infinities are beyond every finite bound."""


def band(x: float) -> str:
    if 0.0 <= x < 1.0:
        return "unit"
    if -1.0 < x < 0.0:
        return "negative_unit"
    if 1.0 <= x <= 1e300 or -1e300 <= x <= -1.0:
        return "moderate"
    if x == x:
        return "extreme"
    return "nan"


EXPECTED = {
    "function": "band",
    "reach": [
        "return 'unit'",
        "return 'negative_unit'",
        "return 'moderate'",
        "return 'extreme'",
        "return 'nan'",
    ],
    "never": [],
    "complete": True,
    # unit; x < 0 or NaN: negative_unit / moderate / extreme (-inf) / nan;
    # x >= 1: moderate / extreme (+inf)
    "paths": 7,
    "witness": {
        "return 'unit'": {"x": -0.0},
        "return 'negative_unit'": {"x": -5e-324},
        "return 'moderate'": {"x": -1e300},
        "return 'extreme'": {"x": float("inf")},
        "return 'nan'": {"x": float("nan")},
    },
}
