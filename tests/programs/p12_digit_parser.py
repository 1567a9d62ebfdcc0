"""A hand-written decimal parser: loop over chars, string range test, ord arithmetic."""


def parse(s: str) -> str:
    if not s:
        raise ValueError("empty")
    n = 0
    for ch in s:
        if not ("0" <= ch <= "9"):
            raise ValueError("not a digit")
        n = n * 10 + (ord(ch) - 48)
    if n == 42:
        return "answer"
    if n > 999:
        return "large"
    return "number"


EXPECTED = {
    "function": "parse",
    "reach": [
        "raise ValueError",
        "return 'answer'",
        "return 'large'",
        "return 'number'",
    ],
    "never": [],
    "complete": True,
    "max_str_len": 4,
    # empty: 1; k digits (k=0..3) then a char below '0' or above '9': 8;
    # all digits, length 1: 1, length 2: 2, length 3: 2, length 4: 3
    "paths": 17,
    # verify.py: extra grid values reaching the all-digit paths of lengths 2 to 4
    "grid": {"s": ["42", "042", "0042", "100", "1000", "0001", "9999"]},
    "witness": {
        "raise ValueError": {"s": "4a"},
        "return 'answer'": {"s": "0042"},
        "return 'large'": {"s": "1000"},
        "return 'number'": {"s": "12"},
    },
}
