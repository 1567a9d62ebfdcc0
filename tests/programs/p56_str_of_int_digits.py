"""str(n) of negative and positive ints: the sign character, the length, a reversed
slice (palindromes like 11 or 101), a suffix test."""


def digits(n: int) -> str:
    s = str(n)
    if s[0] == "-":
        if len(s) == 2:
            return "negative_one_digit"
        return "negative_more"
    if s == s[::-1] and len(s) > 1:
        return "palindrome"
    if s.endswith("0"):
        return "round"
    return "other"


EXPECTED = {
    "function": "digits",
    "reach": [
        "return 'negative_one_digit'",
        "return 'negative_more'",
        "return 'palindrome'",
        "return 'round'",
        "return 'other'",
    ],
    "never": ["bug IndexError"],
    "complete": True,
    "witness": {
        "return 'negative_one_digit'": {"n": -5},
        "return 'negative_more'": {"n": -12},
        "return 'palindrome'": {"n": 101},
        "return 'round'": {"n": 0},
        "return 'other'": {"n": 7},
    },
}
