"""re.findall: how many digits a string holds, one decision per further match."""
import re


def digits(s: str) -> str:
    found = re.findall(r"\d", s)
    if len(found) >= 2:
        return "many"
    if found:
        return "one"
    return "none"


EXPECTED = {
    "function": "digits",
    "reach": ["return 'many'", "return 'one'", "return 'none'"],
    "never": [],
    "complete": True,
    "max_str_len": 3,
    "witness": {"return 'many'": {"s": "12"}, "return 'one'": {"s": "a1"}, "return 'none'": {"s": "ab"}},
}
