"""Lowers the recursion limit smartest also lives with."""
import sys


def f(x: int):
    sys.setrecursionlimit(60)
    if x > 5:
        return 1
    return 0
