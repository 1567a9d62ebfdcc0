"""Symbolic sequences: a length term and one term per position (the *cells*).

A list input `xs` of at most N scalars is the length variable `xs.len` and the
element variables `xs[0] .. xs[N-1]`; position k means something only where
k < len.  Every operation on the sequence is a function of those terms, so it
stays exact whatever length the solver picks, and costs no branch:

    xs[-1]            ite(len == 1, xs[0], ite(len == 2, xs[1], ...))
    xs.append(v)      len + 1, cell k: ite(len == k, v, xs[k])
    v in xs           (0 < len and xs[0] == v) or (1 < len and xs[1] == v) or ...
    sorted(xs)        an odd-even transposition network; absent positions sort last

This is the runtime counterpart of the bounded-string lowering in
`solver/strings.py`: strings are lowered at the solver boundary because they are
one term sort; sequences hold elements of any scalar sort, so they are kept as
tuples of terms by the proxies themselves (`symbolic/sequences.py`).  The capacity
(number of cells) is at least every length the path allows; when the length is a
constant, cells past it are dropped and the ite chains fold away.
"""
from __future__ import annotations

from dataclasses import dataclass

from smartest.terms import Term, build, const
from smartest.terms.term import Sort

_ZERO, _ONE = const(0), const(1)
ORDERED = (Sort.INT, Sort.STR)   # sorts whose `lt` is a total order (networks, min, max)
# Sorts whose `==` is Python's `in`/`count`/`index` (identity adds nothing): a float
# NaN is `in [nan]` by identity though `nan != nan`, so floats need their own review
# before they join (register_cell_sort); until then float elements stay opaque.
CELL_SORTS = {Sort.INT, Sort.STR, Sort.BOOL}


def register_cell_sort(sort: Sort) -> None:
    CELL_SORTS.add(sort)


def _k(k: int) -> Term:
    return const(k)


@dataclass(frozen=True)
class SeqTerms:
    n: Term                      # the length (INT)
    cells: tuple[Term, ...]      # cells[k]: the element at k, where k < n
    sort: Sort

    @staticmethod
    def of(cells: tuple[Term, ...], sort: Sort, n: Term | None = None) -> "SeqTerms":
        return SeqTerms(const(len(cells)) if n is None else n, tuple(cells), sort).trimmed()

    def trimmed(self) -> "SeqTerms":
        """Cells past a constant length are never read: drop them."""
        if self.n.op == "const" and len(self.cells) > self.n.value:
            return SeqTerms(self.n, self.cells[:max(0, self.n.value)], self.sort)
        return self

    @property
    def capacity(self) -> int:
        return len(self.cells)

    def present(self, k: int) -> Term:
        return build.lt(_k(k), self.n)

    # -- reading -----------------------------------------------------------
    def select(self, pos: Term) -> Term:
        """The element at `pos` (the caller has branched on 0 <= pos < n)."""
        if pos.op == "const":
            return self.cells[pos.value]
        out = self.cells[-1]
        for k in range(self.capacity - 2, -1, -1):
            out = build.ite(build.eq(pos, _k(k)), self.cells[k], out)
        return out

    def contains(self, x: Term) -> Term:
        return build.or_(*(build.and_(self.present(k), build.eq(c, x)) for k, c in enumerate(self.cells)))

    def count(self, x: Term) -> Term:
        out = _ZERO
        for k, c in enumerate(self.cells):
            out = build.add(out, build.ite(build.and_(self.present(k), build.eq(c, x)), _ONE, _ZERO))
        return out

    def index(self, x: Term) -> Term:
        """The first position holding x, or -1."""
        out = const(-1)
        for k in range(self.capacity - 1, -1, -1):
            out = build.ite(build.and_(self.present(k), build.eq(self.cells[k], x)), _k(k), out)
        return out

    def total(self, start: Term) -> Term:
        out = start
        for k, c in enumerate(self.cells):
            if c.sort is Sort.BOOL:
                c = build.ite(c, _ONE, _ZERO)
            out = build.add(out, build.ite(self.present(k), c, _ZERO))
        return out

    def extreme(self, largest: bool) -> Term:
        """max/min (the first of equal candidates, as Python's); the caller has
        branched on n > 0."""
        best = self.cells[0]
        for k in range(1, self.capacity):
            c = self.cells[k]
            better = build.lt(best, c) if largest else build.lt(c, best)
            best = build.ite(build.and_(self.present(k), better), c, best)
        return best

    def equal(self, other: "SeqTerms") -> Term:
        same = [build.or_(build.not_(self.present(k)), build.eq(self.cells[k], other.cells[k]))
                for k in range(min(self.capacity, other.capacity))]
        return build.and_(build.eq(self.n, other.n), *same)

    def less(self, other: "SeqTerms") -> Term:
        """Lexicographic self < other (Python's order on lists and tuples)."""
        out = build.lt(self.n, other.n)
        for k in range(min(self.capacity, other.capacity) - 1, -1, -1):
            a, b = self.cells[k], other.cells[k]
            step = build.or_(build.lt(a, b), build.and_(build.eq(a, b), out))
            out = build.ite(build.le(self.n, _k(k)), build.lt(_k(k), other.n),
                            build.ite(build.le(other.n, _k(k)), build.FALSE, step))
        return out

    # -- building new sequences ---------------------------------------------------
    def store(self, pos: Term, v: Term) -> "SeqTerms":
        if pos.op == "const":
            cells = list(self.cells)
            cells[pos.value] = v
            return SeqTerms(self.n, tuple(cells), self.sort)
        return SeqTerms(self.n, tuple(build.ite(build.eq(pos, _k(k)), v, c) for k, c in enumerate(self.cells)),
                        self.sort)

    def append(self, v: Term) -> "SeqTerms":
        if self.n.op == "const":
            return SeqTerms(build.add(self.n, _ONE), self.cells + (v,), self.sort)
        cells = tuple(build.ite(build.eq(self.n, _k(k)), v, c) for k, c in enumerate(self.cells))
        return SeqTerms(build.add(self.n, _ONE), cells + (v,), self.sort)

    def insert(self, pos: Term, v: Term) -> "SeqTerms":
        """v inserted before `pos` (the caller clamped 0 <= pos <= n)."""
        cells = []
        for k in range(self.capacity + 1):
            before = self.cells[k] if k < self.capacity else v
            after = self.cells[k - 1] if k > 0 else v
            cells.append(build.ite(build.lt(_k(k), pos), before, build.ite(build.eq(_k(k), pos), v, after)))
        return SeqTerms(build.add(self.n, _ONE), tuple(cells), self.sort).trimmed()

    def delete(self, pos: Term) -> "SeqTerms":
        """The element at `pos` removed (the caller branched on 0 <= pos < n)."""
        cells = tuple(build.ite(build.lt(_k(k), pos), self.cells[k], self.cells[k + 1])
                      for k in range(self.capacity - 1))
        return SeqTerms(build.sub(self.n, _ONE), cells, self.sort).trimmed()

    def slice(self, start: Term, stop: Term) -> "SeqTerms":
        """Positions start .. stop-1 (both already clamped to [0, n])."""
        count = build.sub(stop, start)
        count = build.ite(build.lt(count, _ZERO), _ZERO, count)
        if start.op == "const":
            cells = self.cells[start.value:]
        else:
            cells = tuple(self.select(build.add(start, _k(j))) for j in range(self.capacity))
        return SeqTerms(count, cells, self.sort).trimmed()

    def concat(self, other: "SeqTerms") -> "SeqTerms":
        if not other.cells:
            return SeqTerms(self.n, self.cells, self.sort)
        if self.n.op == "const":
            return SeqTerms(build.add(self.n, other.n), self.cells + other.cells, self.sort).trimmed()
        cells = []
        for j in range(self.capacity + other.capacity):
            rest = other.select_or(build.sub(_k(j), self.n))
            cells.append(build.ite(self.present(j), self.cells[j], rest) if j < self.capacity else rest)
        return SeqTerms(build.add(self.n, other.n), tuple(cells), self.sort).trimmed()

    def select_or(self, pos: Term) -> Term:
        """select() where `pos` may be out of range (the value is then never read)."""
        if pos.op == "const":
            return self.cells[pos.value] if 0 <= pos.value < self.capacity else self.cells[-1]
        return self.select(pos)

    def reversed(self) -> "SeqTerms":
        if not self.cells:
            return self
        last = build.sub(self.n, _ONE)
        return SeqTerms(self.n, tuple(self.select_or(build.sub(last, _k(j))) for j in range(self.capacity)),
                        self.sort)

    def sorted(self, descending: bool = False) -> "SeqTerms":
        """Odd-even transposition sort; an absent position (k >= n) sorts last, so
        the first n cells are the sorted elements whatever n is."""
        vals = list(self.cells)
        here = [self.present(k) for k in range(self.capacity)]
        for rnd in range(self.capacity):
            for i in range(rnd % 2, self.capacity - 1, 2):
                a, b, pa, pb = vals[i], vals[i + 1], here[i], here[i + 1]
                out_of_order = build.lt(a, b) if descending else build.lt(b, a)
                swap = build.and_(pb, build.or_(build.not_(pa), out_of_order))
                vals[i], vals[i + 1] = build.ite(swap, b, a), build.ite(swap, a, b)
                here[i], here[i + 1] = build.or_(pa, pb), build.and_(pa, pb)
        return SeqTerms(self.n, tuple(vals), self.sort)
