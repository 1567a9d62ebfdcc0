"""Changes the working directory (to the root; a read-only change)."""
import os


def f(x: int):
    os.chdir("/")
    return x
