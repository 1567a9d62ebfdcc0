"""Which encoding to trust for a query, and when: the solving strategy of the z3
backend, kept free of z3.

The backend (`solver/z3backend.py`) offers two encodings of integers: **int** (z3
`Int`, unbounded; exact except that operations needing bits of two symbolic ints,
`x & y`, `float(n)`, `int(x)` of a float, become uninterpreted functions: an
over-approximation) and **bv** (W-bit vectors: exact while no value leaves W bits,
every arithmetic node's no-overflow condition being a guard).  Both mark the parts of
an encoding that are exact only under a condition (`terms/approx.py`): a power chain
up to an exponent bound K, a case table for Latin-1.

A query without bit-level operations is solved in the int encoding with its guards
assumed: sat is exact; unsat whose unsat core holds no guard is a proof; otherwise
the unguarded over-approximation decides unsat, and a model it gives is checked by
evaluating the terms with Python's semantics.  A query with bit-level operations is
first solved with W-bit vectors under their guards (sat is exact), then, for a proof
of unsat, in the int encoding.  A model that fails the check widens W and K (W, 4W,
16W); a bit-vector check that ran out of steps ends the widening with *unknown*.
Nothing here reads a clock: the widening is bounded by count, each check by z3's
resource limit, so the answer does not depend on how busy the machine is.  A model
that cannot be checked here (the string lowering abstracted part of it) is returned
as unknown with the candidate, for that layer to check.
"""
from __future__ import annotations

from typing import Any, Callable

from smartest.solver.protocol import Answer, Query, Status
from smartest.terms import Term
from smartest.terms.rewrite import any_below
from smartest.terms.approx import NotEvaluable
from smartest.terms.evaluate import TooLarge, evaluate
from smartest.terms.term import Sort

POW_BOUND = 64          # exponents tried exactly (a symbolic base gets K // 8)
MIN_WIDTH = 64
MAX_WIDTH = 1024
WIDENINGS = 3           # W, 4W, 16W (and K, 4K, 16K) before answering unknown
BIT_OPS = frozenset({"i2f", "f2i", "itruediv"})
_COMPARISONS = ("eq", "lt", "le")

# solve(mode, width, bound, query, under) -> (status, model, exact)
Solve = Callable[[str, int, int, Query, bool], tuple[Status, Any, bool]]


class Exactness:
    """The strategy, with its per-term caches (terms are interned: keys by identity)."""

    def __init__(self) -> None:
        self._bits: dict[Term, bool] = {}
        self._widths: dict[Term, int] = {}
        self._floats: dict[Term, bool] = {}

    # -- what a query needs ---------------------------------------------------------
    def needs_bits(self, t: Term) -> bool:
        """Does t contain an operation only bit-vectors encode exactly?"""
        return any_below(t, self._bits, _needs_bits_here)

    def floaty(self, t: Term) -> bool:
        """Does t mention a float?"""
        return any_below(t, self._floats, lambda u: u.sort is Sort.FLOAT)

    def _const_bits(self, t: Term) -> int:
        hit = self._widths.get(t)
        if hit is None:
            if t.op == "const":
                hit = t.value.bit_length() if t.sort is Sort.INT else 0
            elif t.op in _COMPARISONS:   # a compared constant needs no bits (the range decides)
                hit = max((self._const_bits(a) for a in t.args if a.op != "const"), default=0)
            else:
                hit = max((self._const_bits(a) for a in t.args), default=0)
            self._widths[t] = hit
        return hit

    def width(self, query: Query) -> int:
        """Bits for the query's constants and current values, and products of two."""
        bits = max((self._const_bits(c) for c in query.constraints), default=0)
        for v in query.hints.values():
            if type(v) is int:
                bits = max(bits, v.bit_length())
        width = MIN_WIDTH
        while width < 2 * bits + 2:
            width *= 2
        return width

    # -- solving -----------------------------------------------------------------
    def check(self, query: Query, solve: Solve) -> Answer:
        bits = any(self.needs_bits(c) for c in query.constraints)
        width, bound = self.width(query), POW_BOUND
        bv_unknown = False
        for _ in range(WIDENINGS):
            bv_unsat = False
            if bits:
                status, model, _ = solve("bv", width, bound, query, True)
                if status is Status.SAT:
                    return Answer(Status.SAT, model)
                bv_unsat, bv_unknown = status is Status.UNSAT, status is Status.UNKNOWN
            status, model, exact = solve("int", width, bound, query, False)
            if status is not Status.SAT:
                return Answer(status)
            if exact and not bits:
                return Answer(Status.SAT, model)
            valid = validate(query, model)
            if valid:
                return Answer(Status.SAT, model)
            if valid is None:
                return Answer(Status.UNKNOWN, model, "a model this layer cannot check")
            if bits and not bv_unsat or width >= MAX_WIDTH:
                break
            width, bound = width * 4, bound * 4
        if bv_unknown:    # the backend says why z3 stopped
            return Answer(Status.UNKNOWN)
        return Answer(Status.UNKNOWN, why=f"the models of the approximate encoding failed the check (up to {width} bits)")


def validate(query: Query, model) -> bool | None:
    """Do the constraints hold under Python's semantics?  None: cannot tell here."""
    try:
        return all(evaluate(c, model) for c in query.constraints)
    except (NotEvaluable, TooLarge, KeyError, OverflowError, ValueError, ZeroDivisionError, MemoryError):
        return None


def _needs_bits_here(t: Term) -> bool:
    return t.op in BIT_OPS or (t.op in ("band", "bor", "bxor") and all(a.op != "const" for a in t.args)) \
        or (t.op in _COMPARISONS and t.args[0].sort is not t.args[1].sort)
