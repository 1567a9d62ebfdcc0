"""Targets for the demand-driven strategy: two assertions in different places (aiming
with --target), and a helper whose value decides both."""


def scale(x: int) -> int:
    if x > 100:
        return x - 100
    return x


def twice(x: int, y: int) -> str:
    a = scale(x)
    if y == 7:
        if a == 3:
            raise AssertionError("left")  # LEFT
    if y == 9:
        if a == 5:
            raise AssertionError("right")  # RIGHT
    return "ok"


def nested(s: str) -> int:
    """A string helper called in a loop; the assertion needs three of its paths."""
    hits = 0
    i = 0
    while i < len(s):
        if is_vowel(s[i]):
            hits += 1
        i += 1
    assert hits < 3, "three vowels"
    return hits


def is_vowel(c: str) -> bool:
    return c == "a" or c == "e" or c == "o"
