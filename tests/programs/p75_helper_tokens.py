"""Words through a helper module (helpers/text.py: a hand-written splitter and a vowel
test); the helpers' branches are part of this program's paths."""
from helpers.text import is_vowel, split_words


def shape(s: str) -> str:
    words = split_words(s)
    if not words:
        return "blank"
    if len(words) == 1:
        return "vowel_word" if is_vowel(words[0][0]) else "word"
    return "phrase"


EXPECTED = {
    "function": "shape",
    "reach": ["return 'blank'", "return 'vowel_word'", "return 'word'", "return 'phrase'"],
    "never": ["bug IndexError"],
    "complete": True,
    "max_str_len": 4,
    # 31 space/non-space patterns of lengths 0..4; the 20 with exactly one word split
    # again on whether it starts with a vowel: 31 + 20
    "paths": 51,
    "alphabet": " ax",
    "witness": {
        "return 'blank'": {"s": "  "},
        "return 'vowel_word'": {"s": " ax "},
        "return 'word'": {"s": "xa"},
        "return 'phrase'": {"s": "a a"},
    },
}
