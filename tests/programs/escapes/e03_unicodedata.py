"""unicodedata.category (C) of a character.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import unicodedata


def f(s: str) -> int:
    if len(s) != 1:
        return -1
    if unicodedata.category(s) == "Lu":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return -1', 'return 0', 'return 1'],
    'witness': {'return -1': {'s': ''}, 'return 0': {'s': 'a'}, 'return 1': {'s': 'A'}},
}
