"""Modular arithmetic with Python floor semantics on negative ints.

x % 7 is always in 0..6 and x // 7 rounds toward minus infinity, so the
assert never fails (it would under C-style truncating semantics).
"""


def residue(x: int) -> str:
    r = x % 7
    assert 0 <= r < 7
    if r == 3:
        if x < 0:
            return "neg3"
        return "pos3"
    if x // 7 == -1 and r == 6:
        return "minus_one"
    return "other"


EXPECTED = {
    "function": "residue",
    "reach": [
        "return 'neg3'",
        "return 'pos3'",
        "return 'minus_one'",
        "return 'other'",
    ],
    "never": ["bug AssertionError"],
    "complete": True,
    "paths": 5,
    "witness": {
        "return 'neg3'": {"x": -4},
        "return 'pos3'": {"x": 3},
        "return 'minus_one'": {"x": -1},
        "return 'other'": {"x": 0},
    },
}
