"""Query cache: the same (sliced) conjunction is answered once.

Terms are hash-consed, so a query's key is the tuple of its constraint objects.  A
model depends on the solver history it was found in (`Query.stream`), so a satisfiable
answer is kept per stream; an unsatisfiable one holds in every history, so it answers
the same conjunction on any stream (a searcher may ask on a history-free solver first
and hand the engine the same query after).
"""
from __future__ import annotations

from smartest.solver.protocol import Answer, Query, Solver, SolverStats, Status


class CachingSolver:
    def __init__(self, inner: Solver, stats: SolverStats) -> None:
        self.inner = inner
        self.stats = stats
        self._cache: dict[tuple, Answer] = {}
        self._unsat: dict[tuple, Answer] = {}     # constraints -> an unsatisfiable answer, any stream

    def check(self, query: Query) -> Answer:
        key = (query.stream, query.constraints) if query.stream else query.constraints
        hit = self._cache.get(key) or self._unsat.get(query.constraints)
        if hit is not None:
            self.stats.cache_hits += 1
            return hit
        answer = self.inner.check(query)
        self._cache[key] = answer
        if answer.status is Status.UNSAT:
            self._unsat[query.constraints] = answer
        return answer
