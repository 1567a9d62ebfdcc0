"""Ignores SIGTERM and swallows every exception in a Python loop."""
import signal


def f(x: int):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass
