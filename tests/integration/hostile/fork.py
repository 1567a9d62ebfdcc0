"""Forks: the copy returns from the target, as a worker would."""
import os


def f(x: int):
    if x > 5:
        pid = os.fork()
        if pid == 0:
            return "child"
        os.waitpid(pid, 0)
        return "parent"
    return "none"
