"""a hashlib digest (C, OpenSSL) of the input.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import hashlib


def f(s: str) -> int:
    if hashlib.md5(s.encode()).hexdigest()[0] in "01234567":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1', 'bug UnicodeEncodeError'],   # a lone surrogate cannot be UTF-8
    'witness': {'bug UnicodeEncodeError': {'s': '\ud800'}, 'return 0': {'s': ''}, 'return 1': {'s': 'a'}},
}
