"""zlib.crc32 (C) of the encoded input.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import zlib


def f(s: str) -> int:
    if zlib.crc32(s.encode()) % 2 == 0:
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1', 'bug UnicodeEncodeError'],   # a lone surrogate cannot be UTF-8
    'witness': {'bug UnicodeEncodeError': {'s': '\ud800'}, 'return 0': {'s': 'a'}, 'return 1': {'s': ''}},
}
