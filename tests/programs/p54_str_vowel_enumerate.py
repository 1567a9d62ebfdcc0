"""enumerate over a str with `ch in "aeiou"` (membership in a constant str); returns the
index of the first vowel."""


def first_vowel(s: str) -> int:
    for i, ch in enumerate(s):
        if ch in "aeiou":
            return i
    return -1


EXPECTED = {
    "function": "first_vowel",
    "reach": ["return -1", "return 0", "return 1", "return 2", "return 3"],
    "never": [],
    "complete": True,
    "max_str_len": 4,
    # first vowel at 0..3: 4; no vowel at lengths 0..4: 5
    "paths": 9,
    "witness": {
        "return -1": {"s": "xyz"},
        "return 0": {"s": "a"},
        "return 1": {"s": "xe"},
        "return 2": {"s": "xyi"},
        "return 3": {"s": "xyzu"},
    },
}
