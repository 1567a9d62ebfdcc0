"""isdigit / isspace / isalpha on a whole string and on its first character (ASCII inputs
suffice for every outcome; "".isdigit() is False)."""


def kind(s: str) -> str:
    if s == "":
        return "empty"
    if s.isdigit():
        return "digits"
    if s.isspace():
        return "spaces"
    if s.isalpha():
        return "letters"
    if s[0].isdigit():
        return "starts_with_digit"
    return "mixed"


EXPECTED = {
    "function": "kind",
    "reach": [
        "return 'empty'",
        "return 'digits'",
        "return 'spaces'",
        "return 'letters'",
        "return 'starts_with_digit'",
        "return 'mixed'",
    ],
    "never": ["bug IndexError"],
    "complete": True,
    "max_str_len": 3,
    # verify.py: a digit, a letter, a space and punctuation
    "alphabet": "1a Z-",
    "witness": {
        "return 'empty'": {"s": ""},
        "return 'digits'": {"s": "12"},
        "return 'spaces'": {"s": " "},
        "return 'letters'": {"s": "aZ"},
        "return 'starts_with_digit'": {"s": "1a"},
        "return 'mixed'": {"s": "a1"},
    },
}
