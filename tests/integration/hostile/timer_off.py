"""Switches the per-run timer off, then loops."""
import signal


def f(x: int):
    signal.setitimer(signal.ITIMER_REAL, 0)
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    while True:
        pass
