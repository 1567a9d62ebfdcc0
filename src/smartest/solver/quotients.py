"""The solver layer that puts tests on int / int quotients in their integer form.

`n / 3 > 2.5`, `math.floor(n / 3) == 7`, `round(total / count) <= 4`: tests of
Python's rounded quotient against a constant are equivalent to integer conditions on
the two ints (`terms/quotients.py`), so the query reaching z3 no longer needs the
float theory for them.  The rewrite is exact, not a relaxation: a sat answer is a
model of the original query and an unsat answer is a proof about it, so nothing here
weakens `complete`.  Tests it does not cover (a quotient in further float arithmetic,
`floor(n / 3) == m` for a symbolic m) stay as they were.
"""
from __future__ import annotations

from dataclasses import replace

from smartest.solver.protocol import Answer, Query, Solver
from smartest.terms.quotients import lower


class QuotientLoweringSolver:
    def __init__(self, inner: Solver) -> None:
        self.inner = inner
        self._cache: dict = {}     # term -> its lowered form (terms are interned)
        self._memo: dict = {}      # term -> does it mention a quotient

    def check(self, query: Query) -> Answer:
        lowered = tuple(lower(c, self._cache, self._memo) for c in query.constraints)
        if all(x is y for x, y in zip(lowered, query.constraints)):
            return self.inner.check(query)
        return self.inner.check(replace(query, constraints=lowered))
