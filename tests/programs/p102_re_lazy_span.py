"""A lazy quantifier: where the shortest match of a*?b ends."""
import re


def first_b(s: str) -> int:
    m = re.search(r"a*?b", s)
    if m is None:
        return -1
    if m.end() - m.start() >= 2:
        return 2
    return 1


EXPECTED = {
    "function": "first_b",
    "reach": ["return -1", "return 2", "return 1"],
    "never": [],
    "complete": True,
    "max_str_len": 3,
    "witness": {"return -1": {"s": "aa"}, "return 2": {"s": "ab"}, "return 1": {"s": "b"}},
}
