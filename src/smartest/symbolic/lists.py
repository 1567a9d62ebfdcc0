"""SymList: a `list` subclass with a symbolic length and, for scalar elements,
one term per position (see `sequences.py` for the read side and the two modes).

Mutations keep the terms: with cells, `append`, `insert`, `pop`, `remove`,
`__setitem__`, `__delitem__`, `sort` and `reverse` are terms over the cells (an
element stored at a symbolic position is an ite over positions); with opaque
elements, or when a value of another type is stored, the list first pins its
length (and any symbolic position) and then mutates concretely, which is exact.
"""
from __future__ import annotations

from typing import Any

from smartest.symbolic.ints import int_term, make_int
from smartest.symbolic.seqs import ORDERED, SeqTerms
from smartest.symbolic.sequences import (SymSequence, comparable, concrete_value, pin_bound, pin_position, plain,
                                         plain_items, term_of)
from smartest.symbolic.indexing import slice_bound
from smartest.terms import Term, const
from smartest.trace.recorder import record_branch, record_concretization


class SymList(SymSequence, list):
    """A concrete list, its length term, and (for scalars) its cells."""

    __slots__ = ("_n", "_cells", "_sort", "_etype", "_wrap", "_seen")
    _base = list
    _what = "list"
    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def _make(cls, items, n: Term, cells, sort, etype, wrap) -> "SymList":
        obj = cls(items)
        obj._setup(n, cells, sort, etype, wrap)
        obj._seen = list.__len__(obj)
        return obj

    def _size(self) -> int:
        size = list.__len__(self)
        if size != self._seen:
            self._changed_behind()
        return size

    def _changed_behind(self) -> None:
        """C code changed the storage without our methods (heapq.heappush appends
        to a list subclass directly): take the elements as they are now."""
        record_concretization("list changed by C code the models do not see (heapq...)")
        items = list(list.__iter__(self))
        terms = [self._storable(v) for v in items] if self._cells is not None else None
        self._cells = None if terms is None or any(t is None for t in terms) else tuple(terms)
        self._n = const(len(items))
        self._seen = len(items)

    def _concrete_length(self) -> None:
        self._n = const(list.__len__(self))
        self._seen = list.__len__(self)

    def __init__(self, items=()) -> None:
        list.__init__(self, items)

    # -- keeping the invariant ---------------------------------------------------
    def _commit(self, seq: SeqTerms, values: list) -> None:
        """Adopt new terms and plain values; every element re-wrapped with its cell."""
        self._n, self._cells = seq.n, seq.cells
        list.__init__(self, [self._wrap(v, c) for v, c in zip(values, seq.cells)])
        self._seen = len(values)

    def _storable(self, v: Any) -> Term | None:
        """The term under which `v` can be stored in a cell (same type, same sort)."""
        if self._cells is None or type(plain(v)) is not self._etype:
            return None
        t = term_of(v)
        return t if t is not None and t.sort is self._sort else None

    def _opaque(self) -> None:
        """Fall back on the concrete layout: pin the length, forget the cells."""
        self._pin()
        self._cells = None

    # -- growing ----------------------------------------------------------------
    def append(self, v) -> None:
        t = self._storable(v)
        if t is None:
            self._opaque()
            list.append(self, v)
            self._concrete_length()
            return
        self._commit(self._seq().append(t), plain_items(self) + [plain(v)])

    def extend(self, iterable) -> None:
        if isinstance(iterable, SymSequence) and self._other_seq(iterable) is not None:
            self._commit(self._seq().concat(self._other_seq(iterable)), plain_items(self) + plain_items(iterable))
            return
        for v in list(iterable):  # iterating a symbolic sequence records its loop tests
            self.append(v)

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __imul__(self, count):
        if int_term(count) is None:
            return list.__imul__(self, count)  # raises TypeError like CPython
        self._opaque()
        list.__imul__(self, concrete_value(count, "list repeated a symbolic number of times"))
        self._concrete_length()
        return self

    def insert(self, index, v) -> None:
        i_t = int_term(index)
        t = self._storable(v)
        if i_t is None or t is None:
            self._opaque()
            if i_t is not None:
                index = pin_bound(index, self._n, list.__len__(self), const(0), 0)
            list.insert(self, index, v)
            self._concrete_length()
            return
        pos_t = slice_bound(index, self._n, const(0))   # insert clamps like a slice bound
        values = plain_items(self)
        values.insert(plain(index), plain(v))
        self._commit(self._seq().insert(pos_t, t), values)

    # -- shrinking ----------------------------------------------------------------
    def pop(self, index=-1):
        if int_term(index) is None:
            return list.pop(self, index)  # raises TypeError like CPython
        found = self._locate(index)
        if found is None:
            raise IndexError("pop from empty list" if list.__len__(self) == 0 else "pop index out of range")
        pos, pos_t = found
        value = self._at(pos, pos_t)
        if self._cells is None:
            self._pin()
            list.pop(self, pos)
            self._concrete_length()
            return value
        values = plain_items(self)
        del values[pos]
        self._commit(self._seq().delete(pos_t), values)
        return value

    def remove(self, x) -> None:
        xt = comparable(x, self._sort) if self._cells is not None else None
        if xt is None or xt is False:
            self._opaque()
            list.remove(self, x)  # C compares the proxies: branches recorded
            self._concrete_length()
            return
        seq = self._seq()
        values = plain_items(self)
        if not record_branch(seq.contains(xt), plain(x) in values):
            raise ValueError("list.remove(x): x not in list")
        del values[values.index(plain(x))]
        self._commit(seq.delete(seq.index(xt)), values)

    def clear(self) -> None:
        list.clear(self)
        self._n, self._seen = const(0), 0
        if self._cells is not None:
            self._cells = ()

    def __delitem__(self, key) -> None:
        if isinstance(key, slice) or int_term(key) is None:
            self._opaque()
            list.__delitem__(self, self._pinned_key(key))
            self._concrete_length()
            return
        found = self._locate(key)
        if found is None:
            raise IndexError("list assignment index out of range")
        pos, pos_t = found
        if self._cells is None:
            self._pin()
            pin_position(pos_t, pos)
            list.__delitem__(self, pos)
            self._concrete_length()
            return
        values = plain_items(self)
        del values[pos]
        self._commit(self._seq().delete(pos_t), values)

    # -- in place ---------------------------------------------------------------
    def __setitem__(self, key, v) -> None:
        t = None if isinstance(key, slice) or int_term(key) is None else self._storable(v)
        if t is None:
            if not isinstance(key, slice) and int_term(key) is not None:
                found = self._locate(key)
                if found is None:
                    raise IndexError("list assignment index out of range")
                pos, pos_t = found
                self._opaque()
                pin_position(pos_t, pos)
                list.__setitem__(self, pos, v)
                return
            self._opaque()
            list.__setitem__(self, self._pinned_key(key), v)
            self._concrete_length()
            return
        found = self._locate(key)
        if found is None:
            raise IndexError("list assignment index out of range")
        pos, pos_t = found
        values = plain_items(self)
        values[pos] = plain(v)
        self._commit(self._seq().store(pos_t, t), values)

    def sort(self, *, key=None, reverse=False) -> None:
        if self._cells is not None and key is None and self._sort in ORDERED:
            values = sorted(plain_items(self), reverse=bool(plain(reverse)))
            self._commit(self._seq().sorted(descending=bool(plain(reverse))), values)
            return
        self._opaque()
        list.sort(self, key=key, reverse=reverse)  # timsort compares the proxies: branches recorded

    def reverse(self) -> None:
        if self._cells is None:
            self._pin()
            list.reverse(self)
            return
        self._commit(self._seq().reversed(), plain_items(self)[::-1])

    def copy(self) -> "SymList":
        return self.__copy__()

    def _pinned_key(self, key):
        """A slice key with its bounds fixed (the length is already pinned)."""
        if not isinstance(key, slice):
            return key
        if key.step not in (None, 1):
            return slice(*(concrete_value(b, "slice with a step and a symbolic bound")
                           for b in (key.start, key.stop, key.step)))
        size = list.__len__(self)
        return slice(pin_bound(key.start, self._n, size, const(0), 0), pin_bound(key.stop, self._n, size, self._n, size))




def new_list(items: list, n: Term, cells, sort, etype, wrap) -> SymList:
    return SymList._make(items, n, cells, sort, etype, wrap)


def list_len(xs: SymList):
    return make_int(list.__len__(xs), xs._n)


# CPython names the type in its messages ("'list' object has no attribute 'x'",
# "unhashable type: 'list'"): the proxy's type reads the same.
SymList.__name__ = SymList.__qualname__ = "list"
