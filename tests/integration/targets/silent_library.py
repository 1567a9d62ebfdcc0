"""A stand-in for a third-party package (tests/integration/test_silent_reads.py): code
smartest does not own, each function handing its argument to C code that reads an
int subclass's value (or a str subclass's text) without calling a method of it."""
import itertools
import math
import operator


def counted(n):
    return len(list(range(n)))


def range_length(n):
    return len(range(n))


def head(n):
    return "abcdef"[:n]


def head_by_slice(n):
    return "abcdef"[slice(0, n)]


def zeros(n):
    return len([0] * n)


def blank(n):
    return len(bytes(n))


def big_endian(n):
    return n.to_bytes(2, "big")[0]


def spelled(n):
    return format(n, "d")


def joined(s):
    return "-".join([s, "x"])


def placed(n):
    xs = [1, 2, 3]
    xs.insert(n, 9)
    return xs.index(9)


def repeats(n):
    return len(list(itertools.repeat("x", n)))


def quotient(n):
    return divmod(n, 7)[1]


def modular(n):
    return pow(3, n, 7)


def root(n):
    return math.isqrt(n)


def indexed(n):
    return [10, 20, 30][operator.index(n)]


def picked(n):
    return [10, 20, 30][n]


def percent(n):
    return "%d" % n


def looked_up(s):
    return {"a": 1, "b": 2}.get(s, 0)


def popped(n):
    xs = [1, 2, 3]
    return xs.pop(n)


class Row:
    """A container class of the package: its dunders run when C or the interpreter
    calls them, not through a call smartest sees."""

    def __init__(self, cells):
        self.cells = list(cells)

    def __getitem__(self, i):
        return self.cells[i]

    def widened(self, n):
        return len(self.cells + [0] * n)


class Shelf:
    """A package class whose dunders take the proxy as an argument."""

    def __init__(self, cells):
        self.cells = list(cells)

    def __contains__(self, i):
        return 0 <= i < len(self.cells) and self.cells[i] > 1

    def __add__(self, i):
        return self.cells[i]

    def __call__(self, i):
        return self.cells[i]
