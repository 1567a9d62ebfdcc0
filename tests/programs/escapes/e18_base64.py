"""base64.b64decode (binascii, C) of the input.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import base64
import binascii


def f(s: str) -> int:
    try:
        raw = base64.b64decode(s, validate=True)
    except (binascii.Error, ValueError):
        return -1
    if raw == b"hi":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return -1', 'return 0', 'return 1'],
    'witness': {'return -1': {'s': 'a'}, 'return 0': {'s': ''}, 'return 1': {'s': 'aGk='}},
}
