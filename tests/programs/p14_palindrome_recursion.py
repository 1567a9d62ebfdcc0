"""Recursion on a shrinking string (palindrome check with negative index and slicing)."""


def is_pal(s: str) -> bool:
    if len(s) <= 1:
        return True
    if s[0] != s[-1]:
        return False
    return is_pal(s[1:-1])


def palindrome(s: str) -> str:
    if is_pal(s):
        if len(s) >= 3:
            return "long_pal"
        return "short_pal"
    return "not_pal"


EXPECTED = {
    "function": "palindrome",
    "reach": ["return 'long_pal'", "return 'short_pal'", "return 'not_pal'"],
    "never": ["bug IndexError", "bug RecursionError"],
    "complete": True,
    # lengths 0 and 1 share one path; a first-pair mismatch is one path for lengths 2..4
    "paths": 6,
    "witness": {
        "return 'long_pal'": {"s": "aba"},
        "return 'short_pal'": {"s": "aa"},
        "return 'not_pal'": {"s": "ab"},
    },
}
