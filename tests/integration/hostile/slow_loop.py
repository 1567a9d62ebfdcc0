"""Slow runs, and a new path for every loop count: an exploration that does not end by itself."""
import time


def f(x: int):
    time.sleep(0.02)
    i = 0
    while i < x:
        i += 1
    return i
