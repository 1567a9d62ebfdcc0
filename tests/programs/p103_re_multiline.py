"""re.MULTILINE anchors: a line that is exactly 'b' anywhere in the text."""
import re


def has_b_line(s: str) -> int:
    if re.search(r"^b$", s, re.M):
        return 1
    return 0


EXPECTED = {
    "function": "has_b_line",
    "reach": ["return 1", "return 0"],
    "never": [],
    "complete": True,
    "max_str_len": 3,
    "witness": {"return 1": {"s": "a\nb"}, "return 0": {"s": "ab"}},
    "alphabet": "ab\n",
}
