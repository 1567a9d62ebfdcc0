"""Unicode details an exact string model must get right (or concretize and say so):

'ß'.upper() == 'SS' is longer than its input; '²' is a digit (isdigit) but int('²')
raises ValueError; '٣' (ARABIC-INDIC DIGIT THREE) is a digit that int() accepts as 3.
"""


def digit_value(s: str) -> str:
    if len(s) != 1:
        return "not_one_char"
    if len(s.upper()) == 2:
        return "upper_expands"
    if not s.isdigit():
        return "not_digit"
    n = int(s)
    if s != str(n):
        return "non_ascii_digit"
    return "ascii_digit"


EXPECTED = {
    "function": "digit_value",
    "reach": [
        "return 'not_one_char'",
        "return 'upper_expands'",
        "return 'not_digit'",
        "return 'non_ascii_digit'",
        "return 'ascii_digit'",
        "bug ValueError",
    ],
    "never": [],
    "complete": True,
    "max_str_len": 2,
    # verify.py: one character of each kind
    "alphabet": "x3\u00df\u00b2\u0663",
    "witness": {
        "return 'not_one_char'": {"s": ""},
        "return 'upper_expands'": {"s": "\u00df"},
        "return 'not_digit'": {"s": "x"},
        "return 'non_ascii_digit'": {"s": "\u0663"},
        "return 'ascii_digit'": {"s": "3"},
        "bug ValueError": {"s": "\u00b2"},
    },
}
