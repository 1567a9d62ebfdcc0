"""re.fullmatch with a character class and a quantifier: whether the whole string is
one or more of a-c followed by x is a branch on the input."""
import re


def shape(s: str) -> int:
    if re.fullmatch(r"[a-c]+x", s):
        return 1
    return 0


EXPECTED = {
    "function": "shape",
    "reach": ["return 1", "return 0"],
    "never": [],
    "complete": True,
    "max_str_len": 3,
    "witness": {"return 1": {"s": "abx"}, "return 0": {"s": "x"}},
}
