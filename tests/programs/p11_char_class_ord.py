"""Character classification of the first char via ord() ranges; ValueError on empty input."""


def char_class(s: str) -> str:
    if len(s) == 0:
        raise ValueError("empty string")
    c = ord(s[0])
    if 48 <= c <= 57:
        return "digit"
    elif 65 <= c <= 90:
        return "upper"
    elif 97 <= c <= 122:
        return "lower"
    elif c > 127:
        return "nonascii"
    return "other"


EXPECTED = {
    "function": "char_class",
    "reach": [
        "raise ValueError",
        "return 'digit'",
        "return 'upper'",
        "return 'lower'",
        "return 'nonascii'",
        "return 'other'",
    ],
    "never": ["bug IndexError"],
    "complete": True,
    # empty; c<48; digit; 58..64; upper; 91..96; lower; 123..127; >127
    "paths": 9,
    "witness": {
        "raise ValueError": {"s": ""},
        "return 'digit'": {"s": "7"},
        "return 'upper'": {"s": "Q"},
        "return 'lower'": {"s": "q"},
        "return 'nonascii'": {"s": "\u00e9"},
        "return 'other'": {"s": " "},
    },
}
