"""Closes the standard error streams and replaces stdout by None."""
import sys


def f(x: int):
    sys.stderr.close()
    sys.__stderr__.close()
    sys.stdout = None
    return x
