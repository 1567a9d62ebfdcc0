"""Rounding of float addition: absorption (a + 1.0 == a) and 0.1 not surviving a round trip.

Over the reals neither 'absorbed' nor 'rounded' is reachable.  NaN makes every
comparison false, so it is 'rounded'.
"""


def absorb(a: float) -> str:
    if a + 1.0 == a:
        return "absorbed"
    if (a + 0.1) - a != 0.1:
        return "rounded"
    return "exact"


EXPECTED = {
    "function": "absorb",
    "reach": ["return 'absorbed'", "return 'rounded'", "return 'exact'"],
    "never": [],
    "complete": True,
    "paths": 3,
    "witness": {
        "return 'absorbed'": {"a": 1e16},
        "return 'rounded'": {"a": 1.0},
        "return 'exact'": {"a": 0.0},
    },
}
