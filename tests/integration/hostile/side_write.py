"""Writes a file in its temporary directory."""
from _guard import BASE, inside


def f(x: int):
    if x > 5:
        with open(inside(BASE + "/written.txt"), "w") as out:
            out.write("x")
    return x
