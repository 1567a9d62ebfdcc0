"""What SymList and SymTuple share: length, indexing, slicing, iteration, `in`,
`count`, `index`, comparisons, concatenation and repetition.

A symbolic sequence is a real list (or tuple) holding the current elements, so C
code that reads it directly sees ordinary values, plus

    _n       its length as a term (a constant once *pinned*)
    _cells   one term per position when the elements are scalars of one sort
             (`seqs.SeqTerms`), else None: the elements are *opaque* objects (nested
             lists, dataclass instances, Optional values...) with variables of their own
    _sort, _etype, _wrap   the cells' sort, the elements' Python type, and the
             function that makes a proxy from a value and a term

With cells, every operation is a term over them and costs no branch beyond
Python's own checks (an index out of range, an empty sequence).  With opaque
elements, a read at a fixed position k >= 0 needs only `k < len`; anything that
depends on the whole layout first *pins* the length: it records the branch
`len == L`, which DFS negates like any other (so every other length is run), and
from then on the concrete layout is exact.  Pinning is never a concretization.

Invariant: every stored element carries the term of its cell (mutations re-wrap),
so C code handed the storage (list.__contains__, timsort, ==) compares proxies
whose terms are exact, and records its comparisons as branches.
"""
from __future__ import annotations

import contextlib
from typing import Any, Iterator

from smartest.symbolic.bools import SymBool, make_bool
from smartest.symbolic.ints import SymInt, int_term, make_int
from smartest.symbolic.seqs import CELL_SORTS, ORDERED, SeqTerms
from smartest.symbolic.indexing import slice_bound
from smartest.symbolic.strs import SymStr
from smartest.terms import Term, build, const
from smartest.terms.term import Sort
from smartest.trace.recorder import ACTIVE, record_branch, record_concretization, record_text_in_c
from smartest.symbolic.upward import upper

_ZERO = const(0)


def plain(x: Any) -> Any:
    """The concrete value of a scalar proxy (other values unchanged)."""
    t = type(x)
    if t is SymInt:
        return int.__int__(x)
    if t is SymStr:
        return str.__str__(x)
    if t is SymBool:
        return x.value
    if t.__module__.startswith("smartest.symbolic") and hasattr(x, "term"):
        return upper("realize")(x)
    return x


def term_of(x: Any) -> Term | None:
    """The term of a scalar proxy or of a plain int/str/bool, else None."""
    t = type(x)
    if t is SymInt or t is SymStr or t is SymBool:
        return x.term
    if t is int or t is str or t is bool:
        return const(x)
    if t.__module__.startswith("smartest.symbolic"):
        term = getattr(x, "term", None)
        if isinstance(term, Term):
            return term
    try:
        return const(x)
    except TypeError:
        return None


_NUMERIC = (Sort.INT, Sort.BOOL)


def scalar_info_of(x: Any) -> tuple | None:
    """(sort, Python type, wrap) of a scalar value, taken from the registered input
    kinds (a container the target builds learns its element sort from its first
    element); None if no kind keeps such values in cells."""
    t = term_of(x)
    if t is None or t.sort not in CELL_SORTS:
        return None
    etype = type(plain(x))
    for kind in upper("KINDS").values():
        if getattr(kind, "sort", None) is t.sort and getattr(kind, "wrap", None) is not None \
                and getattr(kind, "types", ()) == (etype,):
            return t.sort, etype, kind.wrap
    return None


def comparable(x: Any, sort: Sort | None) -> Term | None | bool:
    """The term of `x` as an element of `sort` for `==`; False if Python's `==`
    between them is always false (a str against ints, or anything against an empty
    container that has no element sort yet); None if unknown."""
    if sort is None:
        return False
    t = term_of(x)
    if t is None:
        return None
    if t.sort is sort:
        return t
    if sort is Sort.INT and t.sort is Sort.BOOL:
        return build.ite(t, const(1), _ZERO)
    if (sort is Sort.STR and t.sort in _NUMERIC) or (t.sort is Sort.STR and sort in _NUMERIC):
        return False
    return None


def plain_items(x) -> list:
    """The plain values of a sequence's elements, recording nothing."""
    items = x._storage() if isinstance(x, SymSequence) else x
    return [plain(v) for v in items]


def text_in_c(n: Term | None, cells, callee: str) -> None:
    """A symbolic container's `__repr__`, called by C (`str(xs)`, a tuple's or an
    exception's text): C reads its storage, so a symbolic length or cell is left behind
    (`str(xs) == "[]"` with no item to record it); the items that are proxies record
    their own `__repr__`."""
    if n is not None and n.op != "const" or any(c.op != "const" for c in (cells or ())):
        record_text_in_c(callee)


@contextlib.contextmanager
def unrecorded() -> Iterator[None]:
    """Smartest's own bookkeeping on proxies (hashing the opaque keys of an input
    dict while building it) is not the target's: record nothing meanwhile."""
    token = ACTIVE.set(None)
    try:
        yield
    finally:
        ACTIVE.reset(token)


def pin_length(n: Term, size: int) -> Term:
    """Fix a length at its value by the loop tests `0 < n` ... `size < n` (what
    iterating records: after a loop they cost nothing).  A chain, not one branch
    `n == size`: negating that at the same site would give a run deciding
    `n == size'` there, which the execution tree could not tell from this one."""
    for j in range(size + 1):
        record_branch(build.lt(const(j), n), j < size)
    return const(size)


def pin_position(t: Term, value: int) -> None:
    """Fix a position (a term >= 0) at its value by the chain t == 0?, ..., t == value."""
    if t.op != "const":
        for j in range(value + 1):
            record_branch(build.eq(t, const(j)), j == value)


def clamp(bound: Any, size: int, default: int) -> int:
    """Python's slice bound (step 1) clamped to [0, size]."""
    if bound is None:
        return default
    b = int(plain(bound))
    return max(0, b + size) if b < 0 else min(b, size)


def pin_bound(bound: Any, n: Term, size: int, default: Term, default_value: int) -> int:
    """A slice (or insert) bound clamped to [0, len], fixed at its value."""
    value = clamp(bound, size, default_value)
    t = slice_bound(bound, n, default)
    if t is not None:
        pin_position(t, value)
    return value


def concrete_value(x: Any, reason: str) -> Any:
    """The plain value of an int-like argument, recording a concretization if it
    was symbolic (a repetition count, a step: outside what the models express)."""
    t = int_term(x)
    if t is not None and t.op != "const":
        record_concretization(reason)
    return plain(x)


class SymSequence:
    """Mixin over list/tuple: `_base` is the builtin whose storage is used."""

    __slots__ = ()
    _base: type = list
    _what = "list"

    def __repr__(self) -> str:
        text_in_c(getattr(self, "_n", None), getattr(self, "_cells", None), f"{self._what}.__repr__")
        return self._base.__repr__(self)

    # -- state ----------------------------------------------------------------
    def _setup(self, n: Term, cells, sort, etype, wrap) -> None:
        self._n = n
        self._cells = None if cells is None else tuple(cells)
        self._sort, self._etype, self._wrap = sort, etype, wrap

    def _size(self) -> int:
        return self._base.__len__(self)

    def _item(self, k: int) -> Any:
        return self._base.__getitem__(self, k)

    def _storage(self) -> list:
        return list(self._base.__iter__(self))

    def _seq(self) -> SeqTerms:
        return SeqTerms(self._n, self._cells, self._sort)

    def _pin(self) -> None:
        """Fix the length at its value by a branch (DFS runs every other length)."""
        if self._n.op != "const":
            size = self._size()
            self._n = pin_length(self._n, size)
            if self._cells is not None:
                self._cells = self._cells[:size]

    def _derive(self, cls, values, seq: SeqTerms | None):
        """A new sequence of `cls` holding `values` (plain) with `seq`'s terms, or
        opaque elements (`values` as they are) of constant length."""
        if seq is None:
            return cls._make(values, const(len(values)), None, None, None, None)
        items = [self._wrap(v, c) for v, c in zip(values, seq.cells)]
        return cls._make(items, seq.n, seq.cells, self._sort, self._etype, self._wrap)

    def _other_seq(self, other) -> SeqTerms | None:
        """Cells for another operand of the same kind (a symbolic sequence in cells
        mode, or a plain list/tuple of scalars of our sort), else None."""
        if self._cells is None:
            return None
        if isinstance(other, SymSequence):
            if other._cells is not None and other._sort is self._sort and other._etype is self._etype:
                return other._seq()
            return None
        if type(other) is not self._base:
            return None
        cells = []
        for x in other:
            t = term_of(x)
            if t is None or t.sort is not self._sort or type(plain(x)) is not self._etype:
                return None
            cells.append(t)
        return SeqTerms.of(tuple(cells), self._sort)

    def _locate(self, index) -> tuple[int, Term] | None:
        """Python's index normalization as branches: (position, its term), or None
        when the index is out of range."""
        size, n = self._size(), self._n
        i_t = int_term(index)
        i = int(plain(index))
        if i_t.op != "const":
            if record_branch(build.le(_ZERO, i_t), i >= 0):
                return (i, i_t) if record_branch(build.lt(i_t, n), i < size) else None
        elif i >= 0:
            return (i, i_t) if record_branch(build.lt(i_t, n), i < size) else None
        pos_t = build.add(n, i_t)
        return (i + size, pos_t) if record_branch(build.le(_ZERO, pos_t), i + size >= 0) else None

    def _at(self, pos: int, pos_t: Term) -> Any:
        """The element at a position found by `_locate`."""
        if pos_t.op == "const":
            return self._item(pos)
        if self._cells is not None:
            return self._wrap(plain(self._item(pos)), self._seq().select(pos_t))
        pin_position(pos_t, pos)  # opaque elements: fix which one it is
        return self._item(pos)

    # -- the protocol -----------------------------------------------------------
    def __len__(self) -> int:
        # Only code outside the target's modules gets here (the `len` model keeps
        # the term); what it does with the length is unknown, so pin it.
        self._pin()
        return self._size()

    def sym_len(self):
        return make_int(self._size(), self._n)

    def __bool__(self) -> bool:
        size = self._size()
        return record_branch(build.not_(build.eq(self._n, _ZERO)), size != 0)

    def __getitem__(self, key):
        if isinstance(key, slice):
            return self._slice(key)
        if int_term(key) is None:
            return self._base.__getitem__(self, key)  # raises TypeError like CPython
        found = self._locate(key)
        if found is None:
            raise IndexError(f"{self._what} index out of range")
        return self._at(*found)

    def _slice(self, key: slice):
        cls = type(self)
        plain_key = slice(plain(key.start), plain(key.stop), plain(key.step))
        start_t = slice_bound(key.start, self._n, _ZERO)
        stop_t = slice_bound(key.stop, self._n, self._n)
        if start_t is None or stop_t is None or key.step not in (None, 1):
            if (key.step is not None and int_term(key.step) is None) or start_t is None or stop_t is None:
                return self._base.__getitem__(self, plain_key)  # TypeError like CPython (or not ours)
            self._pin()
            for b in (key.start, key.stop, key.step):
                concrete_value(b, "slice with a step and a symbolic bound or step")
            values = list(self._base.__getitem__(self, plain_key))
            if self._cells is None:
                return self._derive(cls, values, None)
            return self._derive(cls, [plain(v) for v in values],
                                SeqTerms.of(tuple(term_of(v) for v in values), self._sort))
        values = [plain(v) for v in self._base.__getitem__(self, plain_key)]
        if self._cells is not None:
            return self._derive(cls, values, self._seq().slice(start_t, stop_t))
        self._pin()
        size = self._size()
        start = pin_bound(key.start, self._n, size, _ZERO, 0)
        stop = pin_bound(key.stop, self._n, size, self._n, size)
        return self._derive(cls, list(self._base.__getitem__(self, slice(start, stop))), None)

    def __iter__(self):
        k = 0
        while record_branch(build.lt(const(k), self._n), k < self._size()):
            yield self._item(k)
            k += 1

    def __reversed__(self):
        if self._cells is None:
            self._pin()
            for k in range(self._size() - 1, -1, -1):
                yield self._item(k)
            return
        j = 0
        while record_branch(build.lt(const(j), self._n), j < self._size()):
            pos_t = build.sub(build.sub(self._n, const(1)), const(j))
            yield self._at(self._size() - 1 - j, pos_t)
            j += 1

    def __contains__(self, x) -> bool:
        if self._cells is not None:
            xt = comparable(x, self._sort)
            if xt is False:
                return False
            if xt is not None:
                value = any(plain(e) == plain(x) for e in self._storage())
                return make_bool(value, self._seq().contains(xt))
        self._pin()
        return self._base.__contains__(self, x)  # C compares the proxies: branches recorded

    def count(self, x):
        if self._cells is not None:
            xt = comparable(x, self._sort)
            if xt is False:
                return 0
            if xt is not None:
                return make_int(sum(plain(e) == plain(x) for e in self._storage()), self._seq().count(xt))
        self._pin()
        return self._base.count(self, x)

    def index(self, x, *bounds):
        xt = comparable(x, self._sort) if self._cells is not None and not bounds else None
        if xt is None or xt is False:
            self._pin()
            size = self._size()
            if len(bounds) > 2 or any(int_term(b) is None for b in bounds):
                return self._base.index(self, x, *bounds)  # TypeError like CPython
            clamped = [pin_bound(b, self._n, size, _ZERO if k == 0 else self._n, 0 if k == 0 else size)
                       for k, b in enumerate(bounds)]
            return self._base.index(self, x, *clamped)
        seq = self._seq()
        values = [plain(e) for e in self._storage()]
        found = plain(x) in values
        if not record_branch(seq.contains(xt), found):
            return self._base.index(self, x)  # raises ValueError like CPython
        return make_int(values.index(plain(x)), seq.index(xt))

    # -- comparisons and arithmetic ---------------------------------------------------
    def _compare(self, other, op: str):
        theirs = self._other_seq(other)
        if theirs is not None:
            mine = self._seq()
            value = getattr(self._base, op)(self._base(plain_items(self)), self._base(plain_items(other)))
            term = {"__eq__": lambda: mine.equal(theirs), "__ne__": lambda: build.not_(mine.equal(theirs)),
                    "__lt__": lambda: mine.less(theirs), "__gt__": lambda: theirs.less(mine),
                    "__le__": lambda: build.not_(theirs.less(mine)),
                    "__ge__": lambda: build.not_(mine.less(theirs))}[op]()
            if op in ("__lt__", "__gt__", "__le__", "__ge__") and self._sort not in ORDERED:
                term = None
            if term is not None:
                return make_bool(value, term)
        if not isinstance(other, self._base):
            return NotImplemented
        self._pin()
        if isinstance(other, SymSequence):
            other._pin()
        return getattr(self._base, op)(self, other)

    def __eq__(self, other):
        return self._compare(other, "__eq__")

    def __ne__(self, other):
        return self._compare(other, "__ne__")

    def __lt__(self, other):
        return self._compare(other, "__lt__")

    def __le__(self, other):
        return self._compare(other, "__le__")

    def __gt__(self, other):
        return self._compare(other, "__gt__")

    def __ge__(self, other):
        return self._compare(other, "__ge__")

    def __add__(self, other):
        if not isinstance(other, self._base):
            return self._base.__add__(self, other)  # raises TypeError like CPython
        theirs = self._other_seq(other)
        values = plain_items(self) + plain_items(other)
        if theirs is not None:
            return self._derive(type(self), values, self._seq().concat(theirs))
        self._pin()
        if isinstance(other, SymSequence):
            other._pin()
        return self._base.__add__(self._base(self._storage()), self._base(other._storage() if
                                  isinstance(other, SymSequence) else other))

    def __radd__(self, other):
        if not isinstance(other, self._base):
            return NotImplemented
        mine = self._seq() if self._cells is not None else None
        theirs = self._other_seq(other)
        values = plain_items(other) + plain_items(self)
        if theirs is not None and mine is not None:
            return self._derive(type(self), values, theirs.concat(mine))
        self._pin()
        return self._base.__add__(self._base(other), self._base(self._storage()))

    def __mul__(self, count):
        if int_term(count) is None:
            return self._base.__mul__(self, count)  # raises TypeError like CPython
        self._pin()
        return self._base.__mul__(self._base(self._storage()),
                                  concrete_value(count, "sequence repeated a symbolic number of times"))

    __rmul__ = __mul__

    def __copy__(self):
        if self._cells is not None:
            return self._derive(type(self), plain_items(self), self._seq())
        return type(self)._make(self._storage(), self._n, None, None, None, None)

    def __deepcopy__(self, memo):
        if self._cells is not None:
            return self.__copy__()  # scalars are immutable
        import copy
        self._pin()
        return self._base(copy.deepcopy(self._storage(), memo))

    def __reduce_ex__(self, protocol):
        self._pin()
        return (self._base, (self._base(self._storage()),))
