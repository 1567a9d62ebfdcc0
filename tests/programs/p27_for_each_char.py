"""`for ch in s` counting vowels; the assert count <= len(s) always holds."""


def vowels(s: str) -> str:
    count = 0
    for ch in s:
        if ch in "aeiou":
            count += 1
    assert count <= len(s)
    if count == 0:
        return "none"
    if count == len(s):
        return "all_vowels"
    if count == 1:
        return "one"
    return "some"


EXPECTED = {
    "function": "vowels",
    "reach": [
        "return 'none'",
        "return 'all_vowels'",
        "return 'one'",
        "return 'some'",
    ],
    "never": ["bug AssertionError"],
    "complete": True,
    "max_str_len": 4,
    # one path per vowel/non-vowel pattern of length 0..4: 1+2+4+8+16
    "paths": 31,
    "witness": {
        "return 'none'": {"s": ""},
        "return 'all_vowels'": {"s": "a"},
        "return 'one'": {"s": "ab"},
        "return 'some'": {"s": "aab"},
    },
}
