"""A function whose control flow the static analysis of the demand strategy reads
(kept out of test modules: pytest rewrites their assert statements)."""


def helper(v: int) -> int:
    return v + 1


def shape(x: int, y: int) -> int:
    if x > 0:
        assert y != 3, "boom"
        return 1
    try:
        z = helper(y)
    except ValueError:
        z = 0
    while z > 2:
        z -= 1
    return z
