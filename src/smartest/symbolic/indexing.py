"""Python's index and slice-bound normalization over terms, shared by every
sequence proxy (str, bytes, list, tuple): each check on a symbolic index or length
is a recorded branch, so its other side is explored."""
from __future__ import annotations

import sys

from smartest.symbolic.ints import int_term
from smartest.terms import Term, build
from smartest.trace.recorder import ACTIVE

_ZERO = build.const(0)


def _branch(term: Term, taken: bool, depth: int = 2) -> bool:
    rec = ACTIVE.get()
    if rec is not None:
        rec.branch(term, taken, sys._getframe(depth))
    return taken


def position(n: Term, length: int, index, idx_term: Term) -> tuple[int, Term] | None:
    """Python's index normalization as branches: the position, or None if out of range.

    `0 <= i < len` for a non-negative index, `-len <= i` for a negative one; each
    check on a symbolic length or index is recorded, so its other side is explored.
    """
    i = int.__int__(index) if isinstance(index, int) else index
    if idx_term.op != "const":
        if not _branch(build.le(_ZERO, idx_term), i >= 0, 3):
            pos_term = build.add(n, idx_term)
            if not _branch(build.le(_ZERO, pos_term), i + length >= 0, 3):
                return None
            return i + length, pos_term
    elif i < 0:
        pos_term = build.add(n, idx_term)
        if not _branch(build.le(_ZERO, pos_term), i + length >= 0, 3):
            return None
        return i + length, pos_term
    if not _branch(build.lt(idx_term, n), i < length, 3):
        return None
    return i, idx_term



def slice_bound(bound, n: Term, default: Term) -> Term | None:
    """Python's slice bound as a term clamped to [0, len]: None leaves the theory."""
    if bound is None:
        return default
    b = int_term(bound)
    if b is None:
        return None
    if b.op == "const":
        v = b.value
        raw = b if v >= 0 else build.add(n, b)
    else:
        raw = build.ite(build.lt(b, _ZERO), build.add(n, b), b)
    clamped = build.ite(build.lt(raw, _ZERO), _ZERO, raw)
    return build.ite(build.lt(n, clamped), n, clamped)
