"""the buffer protocol: memoryview over the input bytes.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""

def f(b: bytes) -> int:
    m = memoryview(b)
    if len(m) > 0 and m[0] == 65:
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'b': b''}, 'return 1': {'b': b'A'}},
}
