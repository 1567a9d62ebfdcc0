"""SymTuple: a `tuple` subclass with the read side of symbolic sequences.

A fixed-size `tuple[int, str]` has a constant length and cells of possibly
different sorts (a symbolic index then selects only among elements of one sort,
else pins the index); a variadic `tuple[int, ...]` has a symbolic length, like a
list that cannot change.
"""
from __future__ import annotations

from smartest.symbolic.ints import make_int
from smartest.symbolic.sequences import SymSequence
from smartest.terms import Term
from smartest.symbolic.attributes import plain_attributes


class SymTuple(SymSequence, tuple):
    """A concrete tuple, its length term, and (for scalars of one sort) its cells."""

    _base = tuple
    _what = "tuple"
    __hash__ = tuple.__hash__

    @classmethod
    def _make(cls, items, n: Term, cells, sort, etype, wrap) -> "SymTuple":
        obj = tuple.__new__(cls, items)
        obj._setup(n, cells, sort, etype, wrap)
        return obj

    def __getnewargs__(self):
        return (tuple(self._storage()),)


def tuple_len(t: SymTuple):
    return make_int(tuple.__len__(t), t._n)


SymTuple.__name__ = SymTuple.__qualname__ = "tuple"  # as in CPython's messages (see lists.py)

plain_attributes(SymTuple, tuple, ("_n", "_cells", "_sort", "_etype", "_wrap", "_seen"))   # see symbolic/attributes.py
