"""The family on which the paper's callee-first order cannot meet "no more runs than
DART" (notes/s7-smart2.md): `pick` has nine paths, all feasible in every calling
context, and the bug past the call does not depend on them.  DART flips the last
side first and finds it at run 2; an order that searches `pick`'s paths in this
context before its caller's sides past the call finds it at run 10 or later."""


def pick(a: int) -> int:
    if a == 1:
        return 1
    if a == 2:
        return 2
    if a == 3:
        return 3
    if a == 4:
        return 4
    if a == 5:
        return 5
    if a == 6:
        return 6
    if a == 7:
        return 7
    if a == 8:
        return 8
    return 0


def caller(a: int, b: int) -> int:
    x = pick(a)
    if b == 7:
        raise AssertionError("b == 7")
    return x
