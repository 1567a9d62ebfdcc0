"""int(s) with Python's whole syntax: sign, surrounding whitespace, underscores between
digits; the ValueError of a malformed string is caught."""


def parse(s: str) -> str:
    try:
        n = int(s)
    except ValueError:
        return "invalid"
    if "_" in s:
        return "underscore"
    if s != s.strip():
        return "spaced"
    if n < 0:
        return "negative"
    if s[0] == "+":
        return "plus_sign"
    return "plain"


EXPECTED = {
    "function": "parse",
    "reach": [
        "return 'invalid'",
        "return 'underscore'",
        "return 'spaced'",
        "return 'negative'",
        "return 'plus_sign'",
        "return 'plain'",
    ],
    "never": ["bug ValueError", "bug IndexError"],
    "complete": True,
    "max_str_len": 4,
    # verify.py: digits, signs, a space, an underscore and a letter
    "alphabet": "109 +-_x",
    "witness": {
        "return 'invalid'": {"s": "1__0"},
        "return 'underscore'": {"s": "-1_0"},
        "return 'spaced'": {"s": " -1 "},
        "return 'negative'": {"s": "-09"},
        "return 'plus_sign'": {"s": "+0"},
        "return 'plain'": {"s": "-0"},
    },
}
