"""SymSet: a `set` subclass with a symbolic size and, for scalar elements, one term
per position of an order of its own (the order elements were added in).

    x in s      (0 < len and e0 == x) or (1 < len and e1 == x) or ...
    s.add(x)    len becomes ite(x in s, len, len + 1); the next position takes x
    s <= t      every present element of s is in t
    s | t, s & t, s - t, s ^ t   built by adding each element under its condition

The elements of an input set are distinct: an assumption on the path made when
the input is built.  Iterating a set follows the hashes of its elements, which no
term expresses: with two elements or more that order is taken from the run and
recorded as a concretization (the elements themselves keep their terms).  The
builtins that do not depend on the order (`len`, `sorted`, `sum`, `min`, `max`)
have models that never iterate.  Sets of opaque elements (tuples, Enum members)
are concrete: exact when the elements were decided while the input was built.
"""
from __future__ import annotations

from typing import Any

from smartest.symbolic.bools import SymBool, make_bool
from smartest.symbolic.ints import make_int
from smartest.symbolic.seqs import SeqTerms
from smartest.symbolic.sequences import comparable, pin_length, plain, scalar_info_of, term_of, text_in_c, unrecorded
from smartest.terms import Term, build, const
from smartest.trace.recorder import record_branch, record_concretization

_ZERO, _ONE = const(0), const(1)


class SymSet(set):
    """A concrete set (plain elements), its size term, and its cells."""

    __slots__ = ("_n", "_cells", "_order", "_info", "_exact")
    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def _make(cls, order: list, n: Term, cells, info, exact: bool) -> "SymSet":
        obj = cls()
        obj._n, obj._cells, obj._info, obj._exact = n, cells, info, exact   # info: (sort, etype, wrap)
        obj._order = [plain(v) for v in order] if cells is not None else list(order)
        with unrecorded():
            set.update(obj, obj._order)
        return obj

    def __repr__(self) -> str:
        # CPython names a subclass in its repr ("SymSet({1})"): the text is a plain set's.
        text_in_c(getattr(self, "_n", None), getattr(self, "_cells", None), "set.__repr__")
        return set.__repr__(set(set.__iter__(self)))

    def _size(self) -> int:
        return set.__len__(self)

    def _seq(self) -> SeqTerms:
        return SeqTerms(self._n, self._cells, self._sort())

    def _sort(self):
        """The elements' sort; None while a set the target made is still empty."""
        return self._info[0] if self._info is not None else None

    def _adopt(self, info) -> None:
        if self._info is None and self._cells == () and info is not None:
            self._info = info

    def _element(self, k: int):
        return self._info[2](self._order[k], self._cells[k]) if self._cells is not None else self._order[k]

    def _pin(self) -> None:
        if self._n.op != "const":
            self._n = pin_length(self._n, self._size())
            if self._cells is not None:
                self._cells = self._cells[:self._size()]

    def _concrete(self, why: str) -> None:
        """Fall back on the concrete set: pin the size, keep elements as proxies."""
        self._pin()
        if self._cells is not None:
            items = [self._element(k) for k in range(self._size())]
            set.clear(self)
            with unrecorded():
                set.update(self, items)
            self._order, self._cells = items, None
        if not self._exact:
            record_concretization(why)

    def _storable(self, x: Any) -> Term | None:
        if self._info is None:
            self._adopt(scalar_info_of(x))
        if self._cells is None or self._info is None or type(plain(x)) is not self._info[1]:
            return None
        t = term_of(x)
        return t if t is not None and t.sort is self._info[0] else None

    def _other(self, other) -> tuple[SeqTerms, list] | None:
        """Terms and plain elements (in their order) of another set of our sort."""
        if isinstance(other, SymSet):
            self._adopt(other._info)
            if other._info is None and other._cells == ():
                return SeqTerms((_ZERO), (), self._sort()), []
            if other._cells is None or self._cells is None or other._sort() is not self._sort():
                return None
            return other._seq(), list(other._order)
        if self._cells is None:
            return None
        items = list(other) if isinstance(other, (set, frozenset, list, tuple)) else None
        if items is None:
            return None
        terms = [self._storable(x) for x in items]
        if any(t is None for t in terms):
            return None
        return SeqTerms.of(tuple(terms), self._sort()), [plain(x) for x in items]

    # -- reading ------------------------------------------------------------------------
    def __len__(self) -> int:
        self._pin()
        return self._size()

    def sym_len(self):
        return make_int(self._size(), self._n)

    def __bool__(self) -> bool:
        return record_branch(build.not_(build.eq(self._n, _ZERO)), self._size() != 0)

    def __contains__(self, x) -> bool:
        if self._cells is not None:
            xt = comparable(x, self._sort())
            if xt is False:
                return False
            if xt is not None:
                return make_bool(set.__contains__(self, plain(x)), self._seq().contains(xt))
        self._concrete("set membership by hashing of elements that are not scalars")
        return set.__contains__(self, x)

    def __iter__(self):
        if self._size() > 1 and self._cells is not None:
            record_concretization("iteration order of a set follows the hashes of its elements")
        hashed = list(set.__iter__(self))
        j, size, n0 = 0, self._size(), self._n
        while True:
            # A change of size is an error, checked before the end as CPython's iterators
            # do; whether the size changed is a condition on the inputs (a new key or not).
            if not record_branch(build.eq(self._n, n0), self._size() == size):
                raise RuntimeError("Set changed size during iteration")
            if not record_branch(build.lt(const(j), self._n), j < size):
                return
            if self._cells is None:
                yield hashed[j]
            else:
                yield self._element(self._order.index(hashed[j]))
            j += 1

    # -- writing --------------------------------------------------------------------------
    def _add_if(self, cond: Term, xt: Term, value: Any, holds: bool) -> None:
        """Add element `xt` (plain `value`) when `cond` holds (it does on this run iff `holds`)."""
        found_t = self._seq().contains(xt)
        new_t = build.and_(cond, build.not_(found_t))
        self._cells = tuple(build.ite(build.and_(new_t, build.eq(self._n, const(j))), xt, c)
                            for j, c in enumerate(self._cells)) + (xt,)
        self._n = build.ite(new_t, build.add(self._n, _ONE), self._n)
        if holds and value not in self._order:
            self._order.append(value)
            set.add(self, value)
        if self._n.op == "const":
            self._cells = self._cells[:self._n.value]

    def add(self, x) -> None:
        xt = self._storable(x)
        if xt is None:
            self._concrete("set of mixed element types")
            set.add(self, x)
            self._order.append(x)
            self._n = const(self._size())
            return
        self._add_if(build.TRUE, xt, plain(x), True)

    def _drop(self, x, strict: bool) -> None:
        xt = comparable(x, self._sort()) if self._cells is not None else None
        if xt is False:
            if strict:
                raise KeyError(plain(x))
            return
        if xt is None:
            self._concrete("set removal by hashing of elements that are not scalars")
            (set.remove if strict else set.discard)(self, x)
            if x in self._order:
                self._order.remove(x)
            self._n = const(self._size())
            return
        seq = self._seq()
        found_t = seq.contains(xt)
        found = set.__contains__(self, plain(x))
        if strict and not record_branch(found_t, found):
            raise KeyError(plain(x))
        where = seq.index(xt)
        cells = []
        for j, c in enumerate(self._cells):
            after = self._cells[j + 1] if j + 1 < len(self._cells) else c
            cells.append(build.ite(build.and_(found_t, build.le(where, const(j))), after, c))
        self._cells = tuple(cells)
        self._n = build.ite(found_t, build.sub(self._n, _ONE), self._n)
        if found:
            set.remove(self, plain(x))
            self._order.remove(plain(x))

    def remove(self, x) -> None:
        self._drop(x, strict=True)

    def discard(self, x) -> None:
        self._drop(x, strict=False)

    def pop(self):
        if not record_branch(build.not_(build.eq(self._n, _ZERO)), self._size() != 0):
            raise KeyError("pop from an empty set")
        first = next(set.__iter__(self))
        if self._size() > 1:
            record_concretization("set.pop() takes the element the hashes put first")
        if self._cells is None:
            set.remove(self, first)
            self._order.remove(first)
            self._n = const(self._size())
            return first
        k = self._order.index(first)
        value = self._element(k)
        self._drop(value, strict=False)
        return value

    def clear(self) -> None:
        set.clear(self)
        self._order, self._n = [], _ZERO
        if self._cells is not None:
            self._cells = ()

    def copy(self) -> "SymSet":
        return SymSet._make(list(self._order), self._n, self._cells, self._info, self._exact)

    __copy__ = copy

    # -- algebra ------------------------------------------------------------------------------
    def _combine(self, other, keep_mine, take_theirs, plain_op):
        """A new set: my elements where keep_mine(my element's term, their terms),
        then theirs where take_theirs(its term, my terms), in that order."""
        theirs = self._other(other)
        if theirs is None:
            return None
        seq, values = theirs
        result = plain_op(set(self._order), set(values))
        out = SymSet._make([], _ZERO, (), self._info, self._exact)
        mine = self._seq()
        for cells, present, order, cond_of, against in ((self._cells, mine.present, self._order, keep_mine, seq),
                                                       (seq.cells, seq.present, values, take_theirs, mine)):
            for k, c in enumerate(cells):
                cond = build.and_(present(k), cond_of(c, against))
                if cond.op == "const" and not cond.value:
                    continue
                v = order[k] if k < len(order) else None
                out._add_if(cond, c, v, v is not None and v in result)
        return out

    def union(self, *others):
        out = self
        for o in others:
            r = out._combine(o, lambda c, s: build.TRUE, lambda c, s: build.TRUE, set.union) if isinstance(out, SymSet) else None
            out = r if r is not None else set.union(_concrete_of(out), o)
        return out if others else self.copy()

    def intersection(self, *others):
        out = self
        for o in others:
            r = out._combine(o, lambda c, s: s.contains(c), lambda c, s: build.FALSE, set.intersection) if isinstance(out, SymSet) else None
            out = r if r is not None else set.intersection(_concrete_of(out), o)
        return out if others else self.copy()

    def difference(self, *others):
        out = self
        for o in others:
            r = out._combine(o, lambda c, s: build.not_(s.contains(c)), lambda c, s: build.FALSE, set.difference) \
                if isinstance(out, SymSet) else None
            out = r if r is not None else set.difference(_concrete_of(out), o)
        return out if others else self.copy()

    def symmetric_difference(self, other):
        r = self._combine(other, lambda c, s: build.not_(s.contains(c)), lambda c, s: build.not_(s.contains(c)),
                          set.symmetric_difference)
        return r if r is not None else set.symmetric_difference(_concrete_of(self), other)

    def _operand(self, other):
        return isinstance(other, (set, frozenset))

    def __or__(self, other):
        return self.union(other) if self._operand(other) else NotImplemented

    def __and__(self, other):
        return self.intersection(other) if self._operand(other) else NotImplemented

    def __sub__(self, other):
        return self.difference(other) if self._operand(other) else NotImplemented

    def __xor__(self, other):
        return self.symmetric_difference(other) if self._operand(other) else NotImplemented

    __ror__, __rand__ = __or__, __and__

    def update(self, *others) -> None:
        for o in others:
            theirs = self._other(o)
            if theirs is None:
                for x in list(o):  # iterating a symbolic set records what it must
                    self.add(x)
                continue
            seq, values = theirs
            for k, c in enumerate(seq.cells):
                v = values[k] if k < len(values) else None
                self._add_if(seq.present(k), c, v, v is not None)

    def __ior__(self, other):
        self.update(other)
        return self

    def issubset(self, other) -> bool:
        theirs = self._other(other)
        if theirs is None:
            self._concrete("set comparison by hashing of elements that are not scalars")
            return set.issubset(self, other)
        seq, values = theirs
        mine = self._seq()
        term = build.and_(*(build.or_(build.not_(mine.present(k)), seq.contains(c)) for k, c in enumerate(self._cells)))
        return make_bool(set(self._order) <= set(values), term)

    def issuperset(self, other) -> bool:
        theirs = self._other(other)
        if theirs is None:
            self._concrete("set comparison by hashing of elements that are not scalars")
            return set.issuperset(self, other)
        seq, values = theirs
        mine = self._seq()
        term = build.and_(*(build.or_(build.not_(seq.present(k)), mine.contains(c)) for k, c in enumerate(seq.cells)))
        return make_bool(set(self._order) >= set(values), term)

    def isdisjoint(self, other) -> bool:
        theirs = self._other(other)
        if theirs is None:
            self._concrete("set comparison by hashing of elements that are not scalars")
            return set.isdisjoint(self, other)
        seq, values = theirs
        mine = self._seq()
        term = build.and_(*(build.or_(build.not_(mine.present(k)), build.not_(seq.contains(c)))
                            for k, c in enumerate(self._cells)))
        return make_bool(set(self._order).isdisjoint(values), term)

    def __le__(self, other):
        return self.issubset(other) if self._operand(other) else NotImplemented

    def __ge__(self, other):
        return self.issuperset(other) if self._operand(other) else NotImplemented

    def __eq__(self, other):
        if not self._operand(other):
            return NotImplemented
        sub = self.issubset(other)
        size = len(other._order) if isinstance(other, SymSet) else set.__len__(other)
        n_other = other._n if isinstance(other, SymSet) else const(size)
        value = bool(plain(sub)) and self._size() == size
        term = build.and_(sub.term if isinstance(sub, SymBool) else build.const(bool(sub)),
                          build.eq(self._n, n_other))
        return make_bool(value, term)

    def __ne__(self, other):
        eq = self.__eq__(other)
        if eq is NotImplemented or isinstance(eq, bool):
            return eq if eq is NotImplemented else not eq
        return make_bool(not eq.value, build.not_(eq.term))

    def __lt__(self, other):
        if not self._operand(other):
            return NotImplemented
        eq = self.__eq__(other)
        sub = self.issubset(other)
        return _and_not(sub, eq)

    def __gt__(self, other):
        if not self._operand(other):
            return NotImplemented
        eq = self.__eq__(other)
        sup = self.issuperset(other)
        return _and_not(sup, eq)

    def __reduce_ex__(self, protocol):
        self._pin()
        return (set, (set(set.__iter__(self)),))


def _concrete_of(s):
    if isinstance(s, SymSet):
        s._concrete("set operation with a set of another shape")
        return set(set.__iter__(s))
    return s


def _and_not(a, b):
    av, bv = bool(plain(a)), bool(plain(b))
    at = a.term if isinstance(a, SymBool) else build.const(av)
    bt = b.term if isinstance(b, SymBool) else build.const(bv)
    return make_bool(av and not bv, build.and_(at, build.not_(bt)))


SymSet.__name__ = SymSet.__qualname__ = "set"  # as in CPython's messages (see lists.py)
