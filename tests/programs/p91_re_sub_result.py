"""re.sub: digits replaced by '#', the result compared with a constant."""
import re


def mask(s: str) -> int:
    out = re.sub(r"[0-9]", "#", s)
    if out == "a#":
        return 1
    if out == s:
        return 0
    return 2


EXPECTED = {
    "function": "mask",
    "reach": ["return 1", "return 0", "return 2"],
    "never": [],
    "complete": True,
    "max_str_len": 2,
    "witness": {"return 1": {"s": "a5"}, "return 0": {"s": "ab"}, "return 2": {"s": "5"}},
}
