"""re.match with re.IGNORECASE: 'Ab', 'aB'... all match; the matched text's case decides."""
import re


def command(s: str) -> str:
    m = re.match(r"go", s, re.IGNORECASE)
    if not m:
        return "no"
    if m.group(0) == "GO":
        return "shout"
    return "go"


EXPECTED = {
    "function": "command",
    "reach": ["return 'no'", "return 'shout'", "return 'go'"],
    "never": [],
    "complete": True,
    "max_str_len": 2,
    "witness": {"return 'no'": {"s": "x"}, "return 'shout'": {"s": "GO"}, "return 'go'": {"s": "gO"}},
}
