"""Ignores SIGINT and SIGTERM and turns SIGALRM into an exit."""
import signal
import sys


def f(x: int):
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGALRM, lambda *a: sys.exit(3))
    if x > 5:
        return True
    return False
