"""io.BytesIO holding the input.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import io


def f(b: bytes) -> int:
    head = io.BytesIO(b).read(2)
    if head == b"PK":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'b': b''}, 'return 1': {'b': b'PK'}},
}
