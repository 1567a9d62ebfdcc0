"""Reads standard input."""


def f(x: int):
    return input() if x > 5 else ""
