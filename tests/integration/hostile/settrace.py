"""Replaces the trace and profile functions."""
import sys


def f(x: int):
    sys.settrace(None)
    sys.setprofile(lambda *a: None)
    if x > 5:
        return True
    return False
