"""Named groups: groupdict() of a key=value pattern, the value compared."""
import re


def setting(s: str) -> str:
    m = re.fullmatch(r"(?P<key>[a-z])=(?P<value>\d)", s)
    if m is None:
        return "none"
    d = m.groupdict()
    if d["key"] == "x" and d["value"] == "7":
        return "x7"
    return "other"


EXPECTED = {
    "function": "setting",
    "reach": ["return 'none'", "return 'x7'", "return 'other'"],
    "never": [],
    "complete": True,
    "max_str_len": 3,
    "witness": {"return 'none'": {"s": "7"}, "return 'x7'": {"s": "x=7"}, "return 'other'": {"s": "a=1"}},
    "alphabet": "ax=17",
}
