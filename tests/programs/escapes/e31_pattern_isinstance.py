"""isinstance() of a compiled pattern and of a match against re.Pattern / re.Match, and
type() of a match: the modelled pattern must take CPython's branches.

A modelled channel (issue 11): every outcome is reached and the search is complete."""
import re

WORD = re.compile(r"[a-c]+")


def f(s: str) -> int:
    if not isinstance(WORD, re.Pattern):
        return -1
    m = WORD.fullmatch(s)
    if isinstance(m, re.Match) and type(m) is re.Match:
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'s': ''}, 'return 1': {'s': 'ab'}},
    'complete': True,
}
