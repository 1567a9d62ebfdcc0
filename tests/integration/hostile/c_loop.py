"""A loop in C: no Python-level timer can interrupt it."""


def f(x: int):
    if x > 5:
        return sum(range(10 ** 12))
    return x
