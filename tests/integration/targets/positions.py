"""A scanner whose helpers return positions that the next helper takes (calc's
lexer in small): SMART must not thread a choice over every path of one helper into
the indexes of the next (`strategies/smart/answer.py`)."""


def skip_space(s: str, i: int) -> int:
    while i < len(s) and s[i] == " ":
        i += 1
    return i


def word_end(s: str, i: int) -> int:
    while i < len(s) and s[i] != " ":
        i += 1
    return i


def words(s: str) -> int:
    """How many blank-separated words; three words whose last is "x" is the bug."""
    i = skip_space(s, 0)
    n = 0
    last = i
    while i < len(s):
        last = i
        n += 1
        i = skip_space(s, word_end(s, i))
    if n == 3 and s[last] == "x" and last == len(s) - 1:
        raise AssertionError("three words, the last x")
    return n
