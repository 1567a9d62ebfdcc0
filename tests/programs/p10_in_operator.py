"""Substring membership with `in` / `not in`."""


def scan(s: str) -> str:
    if "ab" in s and "c" not in s:
        return "ab_only"
    if "c" in s:
        if s[0] == "c":
            return "starts_c"
        return "has_c"
    return "neither"


EXPECTED = {
    "function": "scan",
    "reach": [
        "return 'ab_only'",
        "return 'starts_c'",
        "return 'has_c'",
        "return 'neither'",
    ],
    "never": ["bug IndexError"],
    "complete": True,
    "paths": 6,
    "witness": {
        "return 'ab_only'": {"s": "ab"},
        "return 'starts_c'": {"s": "cab"},
        "return 'has_c'": {"s": "abc"},
        "return 'neither'": {"s": ""},
    },
}
