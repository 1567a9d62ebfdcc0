"""Optional[str] and `int | None` parameters: `is None` / `is not None` branches, then
the value's own branches."""
from typing import Optional


def greet(name: Optional[str], limit: int | None) -> str:
    if name is None:
        return "anonymous"
    if limit is not None and len(name) > limit:
        return "too_long"
    if name == "bob":
        return "bob"
    if name:
        return "someone"
    return "empty"


EXPECTED = {
    "function": "greet",
    "reach": [
        "return 'anonymous'",
        "return 'too_long'",
        "return 'bob'",
        "return 'someone'",
        "return 'empty'",
    ],
    "never": ["bug TypeError"],
    "complete": True,
    "max_str_len": 3,
    "witness": {
        "return 'anonymous'": {"name": None, "limit": 0},
        "return 'too_long'": {"name": "ab", "limit": 1},
        "return 'bob'": {"name": "bob", "limit": None},
        "return 'someone'": {"name": "al", "limit": 2},
        "return 'empty'": {"name": "", "limit": 0},
    },
}
