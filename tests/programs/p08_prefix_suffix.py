"""str.startswith / str.endswith checks (prefix and suffix may overlap: 'aba')."""


def shape(s: str) -> str:
    if s.startswith("ab"):
        if s.endswith("ba"):
            return "both"
        return "prefix"
    if s.endswith("z"):
        return "suffix"
    return "none"


EXPECTED = {
    "function": "shape",
    "reach": [
        "return 'both'",
        "return 'prefix'",
        "return 'suffix'",
        "return 'none'",
    ],
    "never": [],
    "complete": True,
    "paths": 4,
    "witness": {
        "return 'both'": {"s": "aba"},
        "return 'prefix'": {"s": "ab"},
        "return 'suffix'": {"s": "z"},
        "return 'none'": {"s": ""},
    },
}
