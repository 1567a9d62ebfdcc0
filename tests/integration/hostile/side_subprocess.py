"""Starts a process (`true`, which does nothing)."""
import subprocess


def f(x: int):
    if x > 5:
        return subprocess.run(["true"]).returncode
    return x
