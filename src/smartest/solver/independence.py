"""Independence slicing: keep only the constraints that share variables, directly or
transitively, with the last constraint (the negated branch).

The dropped constraints still hold for the current input, and their variables are
not in the model, so the engine keeps their current values.
"""
from __future__ import annotations

from dataclasses import replace

from smartest.solver.protocol import Answer, Query, Solver


def slice_query(query: Query) -> Query:
    cs = query.constraints
    if len(cs) <= 1:
        return query
    relevant = set(cs[-1].free)
    keep = [False] * len(cs)
    keep[-1] = True
    changed = True
    while changed:
        changed = False
        for i in range(len(cs) - 1):
            if not keep[i] and not relevant.isdisjoint(cs[i].free):
                keep[i] = True
                relevant |= cs[i].free
                changed = True
    return replace(query, constraints=tuple(c for c, k in zip(cs, keep) if k))


class IndependenceSolver:
    def __init__(self, inner: Solver) -> None:
        self.inner = inner

    def check(self, query: Query) -> Answer:
        return self.inner.check(slice_query(query))
