"""Deletes a file and swallows whatever that raises."""
import os

from _guard import BASE, inside


def f(x: int):
    if x > 5:
        try:
            os.remove(inside(os.path.join(BASE, "victim.txt")))
        except BaseException:
            return "swallowed"
    return x
