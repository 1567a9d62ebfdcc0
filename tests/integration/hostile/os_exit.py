"""Ends the process with os._exit."""
import os


def f(x: int):
    if x > 5:
        os._exit(7)
    return x
