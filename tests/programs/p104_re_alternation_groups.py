"""Alternation with a group in each branch: which group took part (the other is None)."""
import re


def which(s: str) -> str:
    m = re.fullmatch(r"(\d+)|([a-z]+)", s)
    if m is None:
        return "neither"
    if m.group(1) is not None:
        return "number"
    return "word"


EXPECTED = {
    "function": "which",
    "reach": ["return 'neither'", "return 'number'", "return 'word'"],
    "never": [],
    "complete": True,
    "max_str_len": 2,
    "witness": {"return 'neither'": {"s": "a1"}, "return 'number'": {"s": "12"}, "return 'word'": {"s": "ab"}},
}
