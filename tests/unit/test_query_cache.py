"""The query cache (solver/cache.py): a model is kept per solver history (stream), a
refutation answers the same conjunction on every stream.

smart-dfs asks a side's last summary stage on a history of its own before the engine
asks the same query on the summary stream (strategies/smart/dart_order.py); the second
must not reach z3 again."""
from __future__ import annotations

from smartest.solver.cache import CachingSolver
from smartest.solver.protocol import Answer, Query, SolverStats, Status
from smartest.terms import Sort, build, const, var


class _Counting:
    """A backend that answers by evaluating on a tiny domain and counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def check(self, query: Query) -> Answer:
        self.calls += 1
        x = next(iter(query.constraints[0].free))
        for value in range(-3, 4):
            env = {x: value}
            if all(_holds(c, env) for c in query.constraints):
                return Answer(Status.SAT, {x: value})
        return Answer(Status.UNSAT)


def _holds(c, env) -> bool:
    from smartest.terms.evaluate import evaluate
    return bool(evaluate(c, env))


def test_a_refutation_answers_every_stream_and_a_model_only_its_own():
    x = var("x", Sort.INT)
    inner = _Counting()
    cache = CachingSolver(inner, SolverStats())
    refuted = (build.lt(x, const(0)), build.lt(const(1), x))
    assert cache.check(Query(refuted, {}, {}, stream=13)).status is Status.UNSAT
    assert cache.check(Query(refuted, {}, {}, stream=12)).status is Status.UNSAT
    assert cache.check(Query(refuted, {}, {}, stream=0)).status is Status.UNSAT
    assert inner.calls == 1
    feasible = (build.lt(x, const(2)),)
    assert cache.check(Query(feasible, {}, {}, stream=13)).status is Status.SAT
    assert cache.check(Query(feasible, {}, {}, stream=12)).status is Status.SAT
    assert inner.calls == 3     # a model depends on the history it was found in
