"""Raises GeneratorExit and SystemExit."""


def f(x: int):
    if x > 5:
        raise GeneratorExit
    if x < -5:
        raise SystemExit(4)
    return x
