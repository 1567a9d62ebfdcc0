"""Targets whose interesting paths need inputs longer than the starting bounds."""


def long_word(s: str) -> int:
    if s == "a string longer than eight":
        return 1
    return 0


def many_items(xs: list[int]) -> int:
    if len(xs) > 3:
        return 1
    return 0


def short_only(s: str) -> int:
    if len(s) >= 2 and s[0] == "x":
        return 1
    return 0


def very_many_items(xs: list[int]) -> int:
    if len(xs) > 10:
        return 1
    return 0
