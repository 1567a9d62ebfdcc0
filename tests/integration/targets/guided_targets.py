"""Targets for the guided-DSE tests: annotated functions whose bugs a wrong
pruning would lose (a caller's assertion after the call, a second call made
by a builtin), and one whose run passes an unverified assertion before the
verified rest."""
import smartest


def helper(x: int) -> int:
    smartest.assumed(x < 100, "small")
    if x > 10:
        y = x * 2
    else:
        y = x
    smartest.check(y >= x, verified="small", message="helper")
    return y


def caller(x: int, z: int) -> int:
    y = helper(x)
    if x < 50:
        assert z != y + 7, "caller after the call"
    return y


def step(v: int, k: int) -> int:
    smartest.assumed(v % 2 == 0, "even")
    smartest.check(v != 7 or k == 0, verified="even", message="seven on the second call")
    return v


def via_map(x: int) -> int:
    return sum(map(step, [x, x + 1], [0, 1]))


def tiers(v: int) -> int:
    if v > 100:
        return 3
    if v > 50:
        return 2
    return 1


def passes_unverified_first(x: int, y: int) -> int:
    smartest.check(x != 12345, message="unverified first")
    smartest.assumed(y >= 0, "a")
    t = tiers(y)
    smartest.check(t >= 1, verified="a", message="verified tail")
    return t
