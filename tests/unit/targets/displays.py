"""Targets for the display tests: a dict built from `{}` and a set display."""


def pair_kind(a: str, b: str) -> str:
    counts = {}
    for w in (a, b):
        counts[w] = counts.get(w, 0) + 1
    return "same" if len(counts) == 1 else "different"


def distinct_of_three(x: int, y: int, z: int) -> int:
    n = len({x, y, z})
    if n == 1:
        return 1
    if n == 2:
        return 2
    return 3
