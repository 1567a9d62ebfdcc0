"""Deletes a file from a thread it leaves running after the run."""
import os
import threading
import time

from _guard import BASE, inside


def later():
    time.sleep(0.2)
    try:
        os.remove(inside(os.path.join(BASE, "victim.txt")))
    except BaseException:
        pass


def f(x: int):
    threading.Thread(target=later, daemon=True).start()
    return x
