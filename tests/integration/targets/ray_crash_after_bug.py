"""A target for the Ray fault test: a Ray worker process that has raised this bug
dies (SIGKILL, as a crash in a C extension would) on its next run, so the actor that
found the bug is gone before its chunk ends (the bug's path leaves four sides of
its subtree pending, so the actor always runs again).  Outside a Ray worker (the test's own
process, which re-runs the inputs) it never kills anything."""
import os
import signal
import sys

_raised: list[int] = []     # bugs raised in this process


def _in_ray_worker() -> bool:
    return "RAY_RAYLET_PID" in os.environ and "pytest" not in sys.modules


def grid(x: int, y: int) -> str:
    if _raised and _in_ray_worker():
        os.kill(os.getpid(), signal.SIGKILL)   # only this process: never another one
    hit = False
    if x == 9:              # the first decision: its subtree (16 paths, all bugs) is the last job
        hit = True
    n = 0
    for m in (2, 3, 5, 7):
        if y % m == 0:
            n += 1
    if hit:
        _raised.append(n)
        raise AssertionError(f"x is 9 (n={n})")
    return "big" if x > 3 else "small"
