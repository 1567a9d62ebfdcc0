"""A run that never ends on one side of a branch: what follows the hang is never run."""


def f(x: int) -> int:
    if x > 5:
        while True:
            x += 1
    return 0
