"""Targets for test_confirmed_bugs.py: one whose bug is real, one with none."""


def doubled(x: int) -> int:
    y = x * 2
    if y > 10:
        return 1
    return 0


def divides(x: int) -> float:
    if x > 3:
        return 1 / (x - 7)
    return 0.0
