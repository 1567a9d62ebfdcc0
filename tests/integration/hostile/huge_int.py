"""Returns an int of 100,000 digits."""


def f(x: int):
    return 10 ** 100_000 + x
