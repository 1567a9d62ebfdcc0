"""A symbolic int used as the index of a plain list, tuple, str or bytes.

CPython never calls `__index__` on an int subclass: `TABLE[i]` with `i` a SymInt reads
the concrete value in C and nothing is recorded (SymInt.__index__ records only what
reaches it).  The path would then silently depend on one value of `i`, and a search
could call itself complete with `TABLE[2] == 30` never tried.  So the source rewrite
sends `seq[i]` here (through `syntax.getitem`):

* the bounds check is Python's own, recorded as a branch (`-n <= i < n`), and the
  IndexError CPython raises on its failing side;
* a table of at most MAX_TABLE constants of one kind (ints, or strs, the characters of
  a str) gives a term `ite(i == 0, t0, ite(i == 1, t1, ...))` (a negative index
  counted from the end): exact and branch-free, as the source has no branch there;
* anything else is read at the concrete index, a recorded concretization.

A store or a `del` at a symbolic index of a plain list is recorded the same way
(`store_key`): the list would otherwise change at one concrete place, unrecorded.
"""
from __future__ import annotations

import sys
from typing import Any

from smartest.symbolic import text_methods
from smartest.symbolic.bools import SymBool
from smartest.symbolic.ints import SymInt, make_int
from smartest.symbolic.strs import make_str
from smartest.terms import Term, build
from smartest.terms.term import const
from smartest.trace.recorder import ACTIVE, record_concretization

MAX_TABLE = 256
SEQUENCES = (list, tuple, str, bytes, bytearray)
_NAMES = {list: "list", tuple: "tuple", str: "string", bytes: "index", bytearray: "bytearray"}


def is_case(obj: Any, key: Any) -> bool:
    """A plain sequence indexed by a symbolic int (a bool is an int too)."""
    return type(obj) in SEQUENCES and type(key) in (SymInt, SymBool)


def item(obj, key):
    """`obj[key]` for `is_case(obj, key)`."""
    n, k = len(obj), int(key.value) if type(key) is SymBool else int(key)
    t = key.term if type(key) is SymInt else build.ite(key.term, const(1), const(0))
    inside = build.and_(build.le(const(-n), t), build.lt(t, const(n)))
    if not text_methods.branch(inside, -n <= k < n):
        raise IndexError(f"{_NAMES[type(obj)]} index out of range")
    value = obj[k]
    term = _table_term(obj, build.ite(build.lt(t, const(0)), build.add(t, const(n)), t))
    if term is None:
        rec = ACTIVE.get()
        if rec is not None:   # the site is the target's line: item <- syntax.getitem <- it
            rec.concretize(f"a symbolic index into a plain {type(obj).__name__} of {n} items", sys._getframe(2))
        return value
    return make_str(value, term) if type(value) is str else make_int(value, term)


def _table_term(obj, at: Term) -> Term | None:
    """The element at position `at` (0..n-1) as one term, or None if the elements are
    not constants of one kind or too many."""
    items = list(obj)
    if not items or len(items) > MAX_TABLE:
        return None
    kinds = {type(x) for x in items}
    if kinds != {int} and kinds != {str}:
        return None
    out = const(items[-1])
    for k in range(len(items) - 2, -1, -1):
        out = build.ite(build.eq(at, const(k)), const(items[k]), out)
    return out


def store_key(target, key):
    """The key of `target[key] = ...` / `del target[key]`, recorded when a plain list
    would take a symbolic index by its concrete value (`target` is None when the
    rewrite could not name it without evaluating it twice: then any int proxy)."""
    if type(key) in (SymInt, SymBool) and (target is None or type(target) in (list, bytearray)):
        record_concretization("a symbolic index of a plain list stored into")
    return key
