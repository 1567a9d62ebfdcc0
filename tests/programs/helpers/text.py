"""Text helpers: a hand-written word splitter and a vowel test (`ch in "aeiou"`)."""


def is_vowel(ch: str) -> bool:
    return ch in "aeiou"


def split_words(s: str) -> list[str]:
    """The words of `s` separated by single-space runs, like `s.split(" ")` without empties."""
    words: list[str] = []
    current = ""
    for ch in s:
        if ch == " ":
            if current:
                words.append(current)
            current = ""
        else:
            current += ch
    if current:
        words.append(current)
    return words
