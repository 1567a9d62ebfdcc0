"""int(s) on an unchecked str: a ValueError bug, next to a deliberate `raise ValueError`.

Note int(' 12 ') == 12 and int('+7') == 7 are valid in Python.
"""


def parse_size(s: str) -> str:
    if s == "x":
        raise ValueError("x is reserved")
    n = int(s)
    if n > 99:
        return "big"
    if n == -5:
        return "minus5"
    return "small"


EXPECTED = {
    "function": "parse_size",
    "reach": [
        "raise ValueError",
        "bug ValueError",
        "return 'big'",
        "return 'minus5'",
        "return 'small'",
    ],
    "never": [],
    "complete": True,
    "witness": {
        "raise ValueError": {"s": "x"},
        "bug ValueError": {"s": "y"},
        "return 'big'": {"s": "100"},
        "return 'minus5'": {"s": "-5"},
        "return 'small'": {"s": " 12 "},
    },
}
