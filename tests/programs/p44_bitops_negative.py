"""Bit operations on negative integers: Python ints behave as two's complement with
infinitely many sign bits (-3 & 1 == 1, -8 >> 2 == -2, x ^ -1 == ~x, x & -x is the
lowest set bit)."""


def bits(x: int) -> str:
    if x < 0 and x & 1:
        return "negative_odd"
    if x >> 2 == -2:
        return "floor_shift"
    if x ^ -1 == 9:
        return "xor_all_ones"
    if x | 0x0F == -1:
        return "low_nibble_fill"
    if x & -x == 16:
        return "lowest_bit_16"
    if x < 0:
        return "other_negative"
    return "other"


EXPECTED = {
    "function": "bits",
    "reach": [
        "return 'negative_odd'",
        "return 'floor_shift'",
        "return 'xor_all_ones'",
        "return 'low_nibble_fill'",
        "return 'lowest_bit_16'",
        "return 'other_negative'",
        "return 'other'",
    ],
    "never": [],
    "complete": True,
    # negative odd: 1; negative even: floor_shift (-8, -6) / xor (-10) / nibble (-16..-2)
    # / lowest_bit_16 (-48) / other_negative; non-negative: lowest_bit_16 (16) / other
    "paths": 8,
    # verify.py: the negative even number whose lowest set bit is 16
    "grid": {"x": [-48, 48, -80, 80]},
    "witness": {
        "return 'negative_odd'": {"x": -3},
        "return 'floor_shift'": {"x": -6},
        "return 'xor_all_ones'": {"x": -10},
        "return 'low_nibble_fill'": {"x": -2},
        "return 'lowest_bit_16'": {"x": -48},
        "return 'other_negative'": {"x": -18},
        "return 'other'": {"x": 0},
    },
}
