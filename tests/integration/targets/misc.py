"""Targets for the CLI tests: bad behaviour a user's function may have."""
import os
import signal
import sys
from typing import Callable


def loops_forever(x: int) -> int:
    while True:
        x += 1


def exits(x: int) -> int:
    if x > 5:
        sys.exit(3)
    return x


def kills(x: int) -> int:
    if x == 7:
        os._exit(9)
    return x


def takes_callback(f: Callable[[int], int]) -> int:
    return f(1)


class Counter:
    def __init__(self):
        self.n = 0

    def bump(self, k: int) -> int:
        if k > 3:
            self.n += k
            return 1
        return 0

    @staticmethod
    def twice(s: str) -> str:
        if s == "ab":
            raise ValueError("no ab")
        return s + s


def counts_up(n: int) -> int:
    """Infinitely many feasible paths: an exploration that only a budget or a signal ends."""
    i = 0
    while i < n:
        i += 1
    return i


def segfaults(x: int) -> int:
    """Stands for a C extension that crashes: the process dies by a signal."""
    if x == 13:
        os.kill(os.getpid(), signal.SIGSEGV)
    return x + 1
