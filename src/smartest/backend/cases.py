"""DART's directed search when the driver is not ours: one Hypothesis test case is one run.

`smartest explore` owns its loop (engine/loop.py): it runs the target, then solves the
next candidate.  Under Hypothesis the loop belongs to Hypothesis, which asks for one
test case at a time, so the same steps are split at the test-case boundary:

    begin()  ── searcher.select() ─► solve ─► unsat/unknown: searcher.rejected, select again
       │                                └──► sat: the assignment the draws will read
       ▼
    (Hypothesis draws, then runs the test; proxies record into `recorder`)
       ▼
    finish() ── ExploredRun ─► searcher.update (execution tree, dangling sides pushed)

The searcher and its execution tree are search/dfs.py's and trace/tree.py's, unchanged.
When the searcher has nothing left, `begin` raises `SearchOver`: `verified` when every
run stayed in the theory and every draw's domain was exact (every feasible path was
run), otherwise the search is merely exhausted.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from smartest.calls.protocol import RunNotes
from smartest.search.dfs import DepthFirstSearcher
from smartest.search.protocol import Candidate, ExploredRun, follows
from smartest.solver import build_solver_chain
from smartest.solver.protocol import Answer, Query, Status
from smartest.trace.recorder import Recorder


class SearchOver(Exception):
    """No candidate is left: every side of every recorded branch was run or refuted."""

    def __init__(self, verified: bool) -> None:
        super().__init__("verified" if verified else "exhausted")
        self.verified = verified


@dataclass(frozen=True)
class CaseSettings:
    """Bounds of the search behind the backend (the matching `smartest explore` options)."""

    max_str_len: int = 16          # strings and bytes the solver may propose, at most this long
    solver_timeout_ms: int = 2000
    max_depth: int = 5000          # branches recorded per test case
    seed: int = 0


@dataclass
class CaseStats:
    runs: int = 0
    divergences: int = 0
    rejected: int = 0
    complete: bool = True
    reasons: set = field(default_factory=set)   # why the search is not complete


class CaseSearch:
    """The search state kept across the test cases of one test function."""

    def __init__(self, settings: CaseSettings | None = None) -> None:
        self.settings = settings or CaseSettings()
        self.solver, self.solver_stats = build_solver_chain(
            timeout_ms=self.settings.solver_timeout_ms, max_str_len=self.settings.max_str_len)
        self.searcher = DepthFirstSearcher()
        self.rng = random.Random(self.settings.seed)
        self.stats = CaseStats()
        self.assignment: dict[str, Any] = {}     # values the next test case's draws read
        self.values: dict[str, Any] = {}         # values the current test case's draws took
        self.recorder: Recorder | None = None
        self._candidate: Candidate | None = None
        self._started = False

    def incomplete(self, reason: str) -> None:
        """Something in this test case left values the search will never try."""
        self.stats.complete = False
        self.stats.reasons.add(reason)

    # -- the test-case boundary -------------------------------------------------------
    def begin(self) -> Recorder:
        """Choose the next test case's inputs; the recorder to make active while it runs."""
        if self._started:
            self.assignment, self._candidate = self._next()
        self._started = True
        self.values = {}
        self.recorder = Recorder(max_depth=self.settings.max_depth)
        return self.recorder

    def finish(self) -> None:
        """Hand the finished test case to the searcher."""
        rec, cand = self.recorder, self._candidate
        if rec is None:
            return
        self.recorder = None
        self.stats.runs += 1
        path = tuple(rec.path)
        diverged = cand is not None and not follows(path, cand.expect)
        if diverged:
            self.stats.divergences += 1
            self.incomplete("a test case did not follow the path its inputs were solved for")
        for c in rec.concretizations:
            self.incomplete(f"{c.site.describe()}: {c.reason}")
        if rec.truncated:
            self.incomplete("a test case was cut at the branch bound")
        self.searcher.update(ExploredRun(path, (), dict(self.values), cand, diverged, True, RunNotes(),
                                         rec.complete))

    def _next(self) -> tuple[dict[str, Any], Candidate]:
        while True:
            cand = self.searcher.select()
            if cand is None:
                raise SearchOver(self.stats.complete)
            assignment = dict(cand.assignment)
            hints = {v: assignment[v.value] for c in cand.constraints for v in c.free if v.value in assignment}
            try:
                answer = self.solver.check(Query(cand.constraints, {}, hints))
            except Exception as e:  # a query outside the solver's reach fails the branch, not the test
                self.incomplete(f"the solver failed on a branch ({type(e).__name__})")
                answer = Answer(Status.UNKNOWN)
            if answer.status is not Status.SAT:
                if answer.status is Status.UNKNOWN:
                    self.incomplete("the solver gave up on a branch")
                self.stats.rejected += 1
                self.searcher.rejected(cand, answer.status)
                continue
            for v, value in (answer.model or {}).items():
                assignment[v.value] = value
            return assignment, cand
