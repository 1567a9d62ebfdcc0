"""Loops for ever while its module is imported."""
while True:
    pass


def f(x: int):
    return x
