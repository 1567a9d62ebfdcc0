"""struct.pack of a float ('<d'): the bytes of its IEEE representation.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import struct


def f(x: float) -> int:
    b = struct.pack("<d", x)
    if b[7] == 0x40:
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'x': 0.0}, 'return 1': {'x': 2.0}},
}
