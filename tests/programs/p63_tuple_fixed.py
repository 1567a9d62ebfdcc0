"""A fixed tuple[int, int] unpacked; chained comparisons (x == 0 == y, x < 0 < y)."""


def quadrant(p: tuple[int, int]) -> str:
    x, y = p
    if x == 0 == y:
        return "origin"
    if x == 0 or y == 0:
        return "axis"
    if 0 < x and 0 < y:
        return "first"
    if x < 0 < y:
        return "second"
    if x < 0 and y < 0:
        return "third"
    return "fourth"


EXPECTED = {
    "function": "quadrant",
    "reach": [
        "return 'origin'",
        "return 'axis'",
        "return 'first'",
        "return 'second'",
        "return 'third'",
        "return 'fourth'",
    ],
    "never": [],
    "complete": True,
    # origin; axis with x == 0 / with y == 0; first; second; third; fourth
    "paths": 7,
    "witness": {
        "return 'origin'": {"p": (0, 0)},
        "return 'axis'": {"p": (0, 3)},
        "return 'first'": {"p": (1, 1)},
        "return 'second'": {"p": (-1, 1)},
        "return 'third'": {"p": (-1, -1)},
        "return 'fourth'": {"p": (1, -1)},
    },
}
