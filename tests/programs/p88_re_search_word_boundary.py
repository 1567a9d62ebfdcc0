"""re.search with a word boundary and the match's start: where the word begins."""
import re


def where(s: str) -> int:
    m = re.search(r"\bab", s)
    if m is None:
        return -1
    if m.start() == 0:
        return 0
    return 1


EXPECTED = {
    "function": "where",
    "reach": ["return -1", "return 0", "return 1"],
    "never": [],
    "complete": True,
    "max_str_len": 3,
    "witness": {"return -1": {"s": "xab"}, "return 0": {"s": "ab"}, "return 1": {"s": " ab"}},
    "alphabet": "ab x",
}
