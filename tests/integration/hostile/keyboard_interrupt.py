"""Raises KeyboardInterrupt itself: not the user's Ctrl-C."""


def f(x: int):
    if x > 5:
        raise KeyboardInterrupt
    return x
