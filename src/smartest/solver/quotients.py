"""The solver layer that puts tests on int / int quotients in their integer form.

`n / 3 > 2.5`, `math.floor(n / 3) == 7`, `round(total / count) <= 4`: tests of
Python's rounded quotient against a constant are equivalent to integer conditions on
the two ints (`terms/quotients.py`), so the query reaching z3 no longer needs the
float theory for them.  The rewrite is exact, not a relaxation: a sat answer is a
model of the original query and an unsat answer is a proof about it, so nothing here
weakens `complete`.  `math.floor(n / 3)` used otherwise (compared with a symbolic int,
in arithmetic) becomes `n // 3` where both ints lie within 2**53, an exactness guard,
and an uninterpreted function beyond (`terms/approx`): a candidate from there is
checked here against the original query.  A quotient in further float arithmetic stays
as it was.
"""
from __future__ import annotations

from dataclasses import replace

from smartest.solver.exactness import validate
from smartest.solver.protocol import Answer, Query, Solver, Status
from smartest.terms.quotients import lower


class QuotientLoweringSolver:
    """Rewrites each constraint (memoized) and checks candidates from the abstraction."""

    def __init__(self, inner: Solver) -> None:
        self.inner = inner
        self._cache: dict = {}     # term -> its lowered form (terms are interned)
        self._memo: dict = {}      # term -> does it mention a quotient

    def check(self, query: Query) -> Answer:
        lowered = tuple(lower(c, self._cache, self._memo) for c in query.constraints)
        if all(x is y for x, y in zip(lowered, query.constraints)):
            return self.inner.check(query)
        answer = self.inner.check(replace(query, constraints=lowered))
        if answer.status is not Status.UNKNOWN or answer.model is None:
            return answer
        # A candidate from the abstraction past 2**53: a model only if Python agrees
        # (None: something else in the query is abstract; the layer above checks it).
        valid = validate(query, answer.model)
        if valid:
            return Answer(Status.SAT, answer.model)
        if valid is None:
            return answer
        return Answer(Status.UNKNOWN, why="a candidate from the abstraction of floor/ceil/round(a / b) past 2**53 "
                                          "failed the check")
