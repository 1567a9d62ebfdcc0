"""A generator function: calling it would not run its body."""


def f(x: int):
    if x > 5:
        yield 1
