"""A target whose run on one input kills its own process (as a crash in a C extension
would): under several workers it takes one worker down, never the exploration."""
import os
import signal


def grid(x: int, y: int) -> str:
    if x == 7 and y > 100:
        os.kill(os.getpid(), signal.SIGKILL)   # only this process: never another one
    if x > 3:
        if y < -5:
            assert x != 9, "x is 9"
            return "a"
        return "b"
    if y == 12:
        return "c"
    return "d"
