"""Forks, and the copy ends with os._exit (as multiprocessing's workers do)."""
import os


def f(x: int):
    if x > 5:
        pid = os.fork()
        if pid == 0:
            os._exit(0)
        os.waitpid(pid, 0)
    return x
