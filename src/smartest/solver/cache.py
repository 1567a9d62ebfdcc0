"""Query cache: the same (sliced) conjunction is answered once.

Terms are hash-consed, so a query's key is the tuple of its constraint objects.
"""
from __future__ import annotations

from smartest.solver.protocol import Answer, Query, Solver, SolverStats


class CachingSolver:
    def __init__(self, inner: Solver, stats: SolverStats) -> None:
        self.inner = inner
        self.stats = stats
        self._cache: dict[tuple, Answer] = {}

    def check(self, query: Query) -> Answer:
        key = (query.stream, query.constraints) if query.stream else query.constraints
        hit = self._cache.get(key)
        if hit is not None:
            self.stats.cache_hits += 1
            return hit
        answer = self.inner.check(query)
        self._cache[key] = answer
        return answer
