"""Raises while handling smartest's timeout."""
import time


def f(x: int):
    try:
        time.sleep(10)
    except BaseException:
        raise ValueError("late")
