"""Shifts and masks past 64 bits: exact on unbounded ints, wrong if wrapped at 64.

x << 70 == 2**75 only for x == 32; bit 64 and the high half x >> 64 (which is -1 for
every x in [-2**64, -1]); x * x has 64 low zero bits exactly when x is a multiple of
2**32, e.g. 2**32 whose square is 2**64.
"""


def wide(x: int) -> str:
    if x << 70 == 2**75:
        return "shifted_left"
    if x > 0 and x & (1 << 64):
        return "bit_64_set"
    if x >> 64 == -1:
        return "sign_only_high"
    if x >> 64 != 0:
        return "beyond_64_bits"
    if x != 0 and (x * x) & (2**64 - 1) == 0:
        return "square_low_zero"
    return "fits"


EXPECTED = {
    "function": "wide",
    "reach": [
        "return 'shifted_left'",
        "return 'bit_64_set'",
        "return 'sign_only_high'",
        "return 'beyond_64_bits'",
        "return 'square_low_zero'",
        "return 'fits'",
    ],
    "never": [],
    "complete": True,
    # shifted_left; positive: bit 64 / beyond (2**65) / square_low_zero / fits;
    # non-positive: sign_only_high / beyond (below -2**64) / fits (0)
    "paths": 8,
    # verify.py: values on both sides of the 64-bit boundaries
    "grid": {"x": [2**64, 2**64 - 1, 2**65, 2**65 + 2**64, -(2**64), -(2**64) - 1, 2**32, 3 * 2**32,
                   -(2**32), 2**63, -(2**63)]},
    "witness": {
        "return 'shifted_left'": {"x": 32},
        "return 'bit_64_set'": {"x": 2**64 + 5},
        "return 'sign_only_high'": {"x": -1},
        "return 'beyond_64_bits'": {"x": 2**65},
        "return 'square_low_zero'": {"x": 2**32},
        "return 'fits'": {"x": 2**64 - 1},
    },
}
