"""Kills its own process."""
import os
import signal


def f(x: int):
    if x > 5:
        os.kill(os.getpid(), signal.SIGKILL)
    return x
