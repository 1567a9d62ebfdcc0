"""Where real arithmetic and IEEE doubles disagree on what is reachable.

No double lies strictly between 0 and the least subnormal 5e-324, so the assert can
never fail (over the reals it could).  x / 2 == x for a positive x only at +inf (over the
reals never), and halving the least subnormal rounds to 0 (ties to even).
"""


def gap(x: float) -> str:
    if 0.0 < x < 5e-324:
        assert False, "no double lies strictly between 0 and 5e-324"
    if x > 0.0 and x / 2.0 == x:
        return "infinite"
    if x > 0.0 and x / 2.0 == 0.0:
        return "least_subnormal"
    if x != x:
        return "nan"
    return "ordinary"


EXPECTED = {
    "function": "gap",
    "reach": [
        "return 'infinite'",
        "return 'least_subnormal'",
        "return 'nan'",
        "return 'ordinary'",
    ],
    "never": ["bug AssertionError"],
    "complete": True,
    # positive: infinite / least_subnormal / ordinary; not positive: nan / ordinary
    "paths": 5,
    "witness": {
        "return 'infinite'": {"x": float("inf")},
        "return 'least_subnormal'": {"x": 5e-324},
        "return 'nan'": {"x": float("nan")},
        "return 'ordinary'": {"x": 1e-323},
    },
}
