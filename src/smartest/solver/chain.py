"""Assemble the solver chain: the order of the layers is visible here and nowhere else.

    stats/timing -> cache -> independence slicing -> [mixed] -> trial values -> bounded strings
        -> int / int quotients as integers -> [SMT-LIB log] -> z3

Queries that mention a float first try the values people test by hand (zero, nan,
the infinities, the constants compared with), and z3's float models are polished
towards them (`solver/trial_values.py`).

Cache and slicing work on our string-level terms (smaller, and shared across
queries); the string lowering turns what remains into integer arithmetic.  Mixed
concrete-symbolic solving (`--solving mixed`) sits below slicing, so it splits only
the conditions relevant to the negated branch, and above the lowering, so it
evaluates opaque functions on string values, not on code points.
"""
from __future__ import annotations

import time
from typing import TextIO

from smartest.solver.cache import CachingSolver
from smartest.solver.independence import IndependenceSolver
from smartest.solver.logging import LoggingSolver
from smartest.solver.trial_values import TrialValuesSolver
from smartest.solver.protocol import Answer, Query, Solver, SolverStats, Status
from smartest.solver.strings import StringLoweringSolver
from smartest.solver.quotients import QuotientLoweringSolver
from smartest.terms.term import shown_prefix


class CountingSolver:
    """The outermost layer: counts every query the engine asks and its answer."""

    def __init__(self, inner: Solver, stats: SolverStats) -> None:
        self.inner = inner
        self.stats = stats

    def check(self, query: Query) -> Answer:
        t0 = time.perf_counter()
        try:
            answer = self.inner.check(query)
        except RecursionError:    # a term too deep for a layer's recursive walk: not answered
            answer = Answer(Status.UNKNOWN, why="a term too deep to translate")
        spent = time.perf_counter() - t0
        self.stats.time_s += spent
        self.stats.queries += 1
        if answer.status is Status.SAT:
            self.stats.sat += 1
        elif answer.status is Status.UNSAT:
            self.stats.unsat += 1
        else:
            self.stats.unknown += 1
            if len(self.stats.unknown_queries) < KEPT_UNKNOWNS:
                self.stats.unknown_queries.append(unknown_entry(query, answer, spent))
        return answer


KEPT_UNKNOWNS = 5
_SHOWN = 160


def unknown_entry(query: Query, answer: Answer, seconds: float) -> dict:
    """What the report says of a query the solver could not decide: the condition it
    was asked to make true (the negated branch, the query's last constraint), cut
    short, why z3 stopped, and the seconds it took."""
    last = shown_prefix(query.constraints[-1], _SHOWN) if query.constraints else "true"
    shown = last if len(last) <= _SHOWN else last[:_SHOWN - 3] + "..."
    return {"condition": shown, "why": answer.why or "unknown", "seconds": round(seconds, 2)}


class _BackendCounter:
    def __init__(self, inner: Solver, stats: SolverStats) -> None:
        self.inner, self.stats = inner, stats

    def check(self, query: Query) -> Answer:
        if not query.fresh:     # a bound probe is counted as one (`probes`)
            self.stats.backend_queries += 1
        return self.inner.check(query)


def build_solver_chain(*, timeout_ms: int = 5000, rlimit: int = 0, max_str_len: int = 8, cache: bool = True,
                       slicing: bool = True, smtlib_log: TextIO | None = None, stats: SolverStats | None = None,
                       mixed=None, deadline: float | None = None) -> tuple[Solver, SolverStats]:
    """`mixed`: a `solver.mixed.MixedSolving` to add its layer (None: no mixed solving);
    `deadline` (time.monotonic()): no query of the chain runs past it (z3backend.py)."""
    from smartest.solver.z3backend import Z3Backend, to_smtlib

    stats = stats or SolverStats()
    solver: Solver = Z3Backend(timeout_ms=timeout_ms, rlimit=rlimit, deadline=deadline)
    if smtlib_log is not None:
        solver = LoggingSolver(solver, smtlib_log, to_smtlib)
    solver = _BackendCounter(solver, stats)
    solver = QuotientLoweringSolver(solver)
    solver = StringLoweringSolver(solver, max_str_len)
    solver = TrialValuesSolver(solver)
    if mixed is not None:
        solver = mixed.layer(solver)
    if slicing:
        solver = IndependenceSolver(solver)
    if cache:
        solver = CachingSolver(solver, stats)
    return CountingSolver(solver, stats), stats
