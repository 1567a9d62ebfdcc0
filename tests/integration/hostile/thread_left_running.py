"""Starts a thread that runs on after the run."""
import threading
import time


def spin():
    while True:
        time.sleep(0.01)


def f(x: int):
    threading.Thread(target=spin, daemon=True).start()
    if x > 5:
        return True
    return False
