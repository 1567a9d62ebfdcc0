"""Changes the working directory to its temporary directory."""
import os

from _guard import BASE


def f(x: int):
    if x > 5:
        os.chdir(BASE)
    return x
