"""Swallows every exception, smartest's timeout included."""
import time


def f(x: int):
    while True:
        try:
            time.sleep(0.5)
        except BaseException:
            pass
