"""A target for test_interrupts.py (kept out of the test module: an exploration installs
its models into every module beside its target's)."""


def branches(x: int) -> int:
    if x > 10:
        if x < 20:
            return 1
        return 2
    return 3
