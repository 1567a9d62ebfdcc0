"""re.split on a separator class: the number of fields decides."""
import re


def fields(s: str) -> int:
    parts = re.split(r"[,;]", s)
    if len(parts) == 3:
        return 3
    if len(parts) == 2:
        return 2
    return 1


EXPECTED = {
    "function": "fields",
    "reach": ["return 3", "return 2", "return 1"],
    "never": [],
    "complete": True,
    "max_str_len": 3,
    "witness": {"return 3": {"s": "a,;"}, "return 2": {"s": "a;b"}, "return 1": {"s": "ab"}},
}
