"""Property tests with bugs that random generation rarely reaches, for comparing Hypothesis backends.

Each entry is a plain property function and the strategies of its arguments; the runner
(benchmarks/hypothesis_backends.py) and the tests decorate them with @given and the
settings of the backend under test.  Every bug raises `HiddenBug`, so a found bug is
told apart from any other failure (a backend's own error, a flaky replay).
"""
from __future__ import annotations

from hypothesis import strategies as st


class HiddenBug(AssertionError):
    pass


def linear_pair(a: int, b: int) -> None:
    """Two integers on one line: 7a - 3b = 2024 with a above 500."""
    if 7 * a - 3 * b == 2024 and a > 500:
        raise HiddenBug(f"linear: {a}, {b}")


# 12 characters; built at import time, so Hypothesis's harvest of the module's string
# literals (it tries them as inputs) does not hand the key to the default backend.
SECRET = "".join(reversed("yek-cilocnoc"))


def string_loop(s: str) -> None:
    """A 12-character key compared one character at a time, the way C code does."""
    if len(s) != len(SECRET):
        return
    i = 0
    while i < len(s):
        if s[i] != SECRET[i]:
            return
        i += 1
    raise HiddenBug(f"key: {s!r}")


def hash_guard(n: int) -> None:
    """A branch behind a multiplicative hash (Knuth's): one residue in 2**32 gets in."""
    h = (n * 2654435761) % 2**32
    if h == 0x5EED5EED:
        raise HiddenBug(f"hash: {n}")


def list_arithmetic(xs: list) -> None:
    """Four elements, each made from the previous ones."""
    if len(xs) == 4 and xs[1] == 2 * xs[0] + 1 and xs[2] == xs[0] + xs[1] + 50 and xs[3] == xs[2] - 3 * xs[0]:
        if xs[0] > 9:
            raise HiddenBug(f"list: {xs}")


def magic_float(x: float) -> None:
    """One double out of 2**64 (a scaled magic constant)."""
    if x * 4.0 - 1.5 == 27.875:
        raise HiddenBug(f"float: {x!r}")


def recording(fn, failing: list):
    """`fn` taking its arguments as one tuple (for `given(st.tuples(...))`), noting in
    `failing` every input on which it raised HiddenBug: the last one is the input
    Hypothesis reports, to re-run on the plain function."""
    def prop(args):
        try:
            fn(*args)
        except HiddenBug:
            failing.append(args)
            raise
    return prop


PROPERTIES = {
    "linear_pair": (linear_pair, (st.integers(), st.integers())),
    "string_loop": (string_loop, (st.text(),)),
    "hash_guard": (hash_guard, (st.integers(),)),
    "list_arithmetic": (list_arithmetic, (st.lists(st.integers()),)),
    "magic_float": (magic_float, (st.floats(),)),
}
