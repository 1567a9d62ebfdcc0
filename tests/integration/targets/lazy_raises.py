"""Targets for LATEST's soundness checks (issue 12): a bug raised inside an
abstracted callee, and a callee whose result is not one term."""


def div(a: int, b: int) -> int:
    return a // b            # ZeroDivisionError when b == 0: the only bug


def top(x: int, y: int) -> int:
    q = div(x, y - 3)
    if q > 10:
        return 1
    return 0


def split_at(s: str, i: int) -> tuple:
    """(the part before i, the part from i): a composite result."""
    return s[:i], s[i:]


def pair_top(s: str) -> int:
    head, tail = split_at(s, 1)
    if head == "(" and tail == ")":
        raise AssertionError("reached")
    return len(head)
