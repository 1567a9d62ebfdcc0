"""Raises an exception whose str() raises."""


class Odd(Exception):
    def __str__(self):
        raise ValueError("no text")


def f(x: int):
    if x > 5:
        raise Odd()
    return x
