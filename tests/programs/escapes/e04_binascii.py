"""binascii.hexlify (C) of bytes.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import binascii


def f(b: bytes) -> int:
    if binascii.hexlify(b) == b"4142":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'b': b''}, 'return 1': {'b': b'AB'}},
}
