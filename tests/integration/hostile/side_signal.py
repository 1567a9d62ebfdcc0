"""Signals its parent process with signal 0 (which only checks it exists)."""
import os


def f(x: int):
    if x > 5:
        os.kill(os.getppid(), 0)
    return x
