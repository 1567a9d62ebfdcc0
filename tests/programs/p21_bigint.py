"""Unbounded integers past 2**64: exact big solutions and wrap-around that must NOT happen.

2**70 + 2 is divisible by 3 (2**70 = 4**35 = 1 mod 3), so x * 3 == 2**70 + 2
has exactly one solution, x == (2**70 + 2) // 3.
"""


def big(x: int) -> str:
    if x * 3 == 2**70 + 2:
        return "exact"
    if x > 2**64:
        if x % 2**64 == 5:
            return "wrapped5"
        return "huge"
    if x < -(2**63):
        return "below_i64"
    return "machine"


EXPECTED = {
    "function": "big",
    "reach": [
        "return 'exact'",
        "return 'wrapped5'",
        "return 'huge'",
        "return 'below_i64'",
        "return 'machine'",
    ],
    "never": [],
    "complete": True,
    "paths": 5,
    "witness": {
        "return 'exact'": {"x": 393530540239137101142},
        "return 'wrapped5'": {"x": 18446744073709551621},
        "return 'huge'": {"x": 18446744073709551617},
        "return 'below_i64'": {"x": -9223372036854775809},
        "return 'machine'": {"x": 0},
    },
}
