"""Writes 20 megabytes to stdout and stderr."""
import sys


def f(x: int):
    line = "x" * 1000 + "\n"
    for _ in range(10_000):
        sys.stdout.write(line)
        sys.stderr.write(line)
    if x > 5:
        return True
    return False
