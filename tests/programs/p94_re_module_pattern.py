"""A pattern compiled at import time (a module global) and its fullmatch method."""
import re

IDENT = re.compile(r"[A-Za-z_]\w*")


def kind(s: str) -> str:
    if IDENT.fullmatch(s):
        if s == "if":
            return "keyword"
        return "name"
    return "other"


EXPECTED = {
    "function": "kind",
    "reach": ["return 'keyword'", "return 'name'", "return 'other'"],
    "never": [],
    "complete": True,
    "max_str_len": 2,
    "witness": {"return 'keyword'": {"s": "if"}, "return 'name'": {"s": "x1"}, "return 'other'": {"s": "1x"}},
}
