"""Deletes a file in its temporary directory."""
import os

from _guard import BASE, inside


def f(x: int):
    if x > 5:
        os.remove(inside(os.path.join(BASE, "victim.txt")))
    return x
