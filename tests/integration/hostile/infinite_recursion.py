"""Recurses without end."""


def f(x: int):
    return f(x + 1) if x > 5 else x
