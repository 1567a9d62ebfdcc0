"""A string parsed to an int, range-checked, then divided: int(s) / 4 compared with
2.5 and math.floor of it, as in code reading numbers from text.
"""
import math


def quarter(s: str) -> str:
    try:
        n = int(s)
    except ValueError:
        return "invalid"
    if n < -500 or n > 500:
        return "out_of_range"
    if n / 4 >= 2.5:
        return "large"
    if math.floor(n / 4) == -1:
        return "minus_one"
    return "other"


EXPECTED = {
    "function": "quarter",
    "reach": [
        "return 'invalid'",
        "return 'out_of_range'",
        "return 'large'",
        "return 'minus_one'",
        "return 'other'",
    ],
    "never": ["bug OverflowError"],
    "complete": True,
    "max_str_len": 3,
    "alphabet": "0123456789-x",
    "witness": {
        "return 'invalid'": {"s": "x"},
        "return 'out_of_range'": {"s": "501"},
        "return 'large'": {"s": "10"},
        "return 'minus_one'": {"s": "-4"},
        "return 'other'": {"s": "0"},
    },
}
