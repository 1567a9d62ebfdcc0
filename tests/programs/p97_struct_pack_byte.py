"""struct.pack of a little-endian int: its first byte is the low byte of the input; an
int outside 32 bits is a struct.error."""
import struct


def low_byte(n: int) -> str:
    try:
        b = struct.pack("<i", n)
    except struct.error:
        return "range"
    if b[:1] == b"\x07":
        return "seven"
    if b[3:] == b"\xff":
        return "negative"
    return "other"


EXPECTED = {
    "function": "low_byte",
    "reach": ["return 'range'", "return 'seven'", "return 'negative'", "return 'other'"],
    "never": [],
    "complete": True,
    "witness": {"return 'range'": {"n": 2 ** 31}, "return 'seven'": {"n": 7}, "return 'negative'": {"n": -2},
                "return 'other'": {"n": 1}},
    "grid": {"n": [2 ** 31, -2 ** 31 - 1, 263]},
}
