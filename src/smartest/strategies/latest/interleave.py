"""LATEST's abstract-path search interleaved with DART's depth-first search of the real runs.

LATEST's relative completeness (every bug a finished DART search reaches) comes
from its end: abstract paths concretized or refuted, then DART's negation of every
branch of the real runs.  On a program whose callees have few paths that end may
never come: refuting an abstract path means enumerating a callee, the solver turns
most guesses down, and DART finishes first (issue 12: calc, hwm and PL/0 finished
by DART within 3,000 runs, unfinished by LATEST).  KLEE and SAGE interleave
searchers for the same reason: no one order is best on every program.

So two searches share the engine: LATEST's (the `lazy` searcher, Figure 4 and 5)
and DART's, a depth-first search from the engine's first inputs whose candidates
run with every call inline (`EXPAND_ALL`), so its paths, order and runs are the
`dart` strategy's.  When DART's stack is empty every real path was run: DART's
claim, and the search ends there, whatever LATEST still holds.

**Each half keeps its solitary order** (as the portfolio's halves do,
strategies/portfolio/):

    turns       strict, one run each, DART first; a candidate the solver turns
                down (and the lazy half's choice queries and probes) keeps the turn
    the lazy    never told of DART's runs: what it learns (known paths, results,
    half        which callees raise) and so what it chooses is what it would
                learn and choose alone
    models      the lazy half solves its candidates on a solver chain of its own,
                the one its concretizer asks (`build`), and hands the engine
                inputs, not constraints; only an answer other than sat or unsat
                goes to the engine's chain (whose unknown clears `complete`).
                So each chain hears what it would hear alone: z3's models depend
                on what it was asked before, and on every term it lowered and
                translated (fresh names are numbered in order), which a stream
                of one chain (`Query.stream`, the portfolio's) does not keep apart

So the lazy half's k-th run is the engine's run 2k + 1 at most (the first run is
the engine's random one), and DART's k-th its run 2k: a bug either search reaches
alone in k runs comes within about 2k.  Before (turns by cost, the lazy half paying
for every refusal and choice query, and learning from DART's runs), the lazy half
got about a sixth of the runs on calc_lex (101 of 600), and what it learned from
DART's runs (which callees raise: evidence of its plausibility order) made its
order another: calc_ops2's deep bug, run 775 of the lazy search alone, was not
reached in 2,000 runs
(notes/s6-latest.md); with the turns and the memory fixed but one chain (DART's
queries on a stream of their own), the lazy half's 12th query got another model
than alone and its order left the solitary one at its 4th run.  A lazy candidate
the private chain turns down is not seen by the engine's bound probe (deepening):
the claim, and so the bounds it rests on, is DART's half's, whose queries all go
through the engine.  The price of counting runs only: a lazy run may cost many
solver queries, so under a clock DART's half goes slower than at half speed.

DART's half does not learn from the lazy half's runs either (their expanded calls
take formals, so their paths have another shape), only from real runs of its shape
it did not ask for (the engine's fallback), below its own sides.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from smartest.search.protocol import Candidate, ExploredRun, flip, insert_run, reject
from smartest.solver.protocol import Query, Solver, Status
from smartest.strategies.latest.policy import EXPAND_ALL
from smartest.trace.tree import ExecutionTree, dangling_sides

LAZY, DART = "lazy", "dart"


class DartHalf:
    """DART's depth-first search over real runs: the sides of its own runs first,
    deepest first, then those of real runs of its shape it did not ask for (the
    engine's fallback)."""

    def __init__(self) -> None:
        self.tree = ExecutionTree()
        self._stack: list[Candidate] = []
        self._later: list[Candidate] = []   # sides of runs DART did not ask for
        self.started = False                # a real run is in the tree

    def seed(self, assignment: dict) -> None:
        """DART's first run: the engine's first inputs, every call expanded."""
        self._stack.append(Candidate(None, assignment, (), EXPAND_ALL))

    def own(self, run: ExploredRun) -> None:
        """A run of one of DART's candidates."""
        if run.candidate is None or run.candidate.origin is None:   # the seed: a fresh run
            run = replace(run, candidate=None, diverged=False)
        self._push(run, self._stack)

    def observe(self, run: ExploredRun) -> None:
        """A real run DART did not ask for: its open sides wait below DART's own."""
        self._push(replace(run, candidate=None, diverged=False), self._later)

    def _push(self, run: ExploredRun, onto: list[Candidate]) -> None:
        self.started = True
        nodes, start = insert_run(self.tree, run)
        for j, node in dangling_sides(run.path, nodes, start):
            onto.append(flip(run.path, j, run.assignment, (node, not run.path[j].taken, j), EXPAND_ALL))

    def pending(self) -> bool:
        return bool(self._stack or self._later)

    def select(self) -> Candidate | None:
        if self._stack:
            return self._stack.pop()
        return self._later.pop() if self._later else None

    def rejected(self, candidate: Candidate, status: Status) -> None:
        reject(self.tree, candidate, status)


class InterleavedLatest:
    """The searcher of the `latest` strategy: LATEST's lazy search and DART's, by turns."""

    fallback_directive = EXPAND_ALL

    def __init__(self, lazy: Any, solver: Solver | None = None, domains: dict | None = None) -> None:
        self.lazy = lazy
        self.stats = lazy.stats
        self.solver = solver                # the lazy half's own chain (None: the engine solves)
        self.domains = domains or {}
        self.dart = DartHalf()
        self._last = None                   # which half the candidate being run came from

    def restart(self) -> None:
        """A fresh search of another region of the inputs (engine/regions.py): the lazy
        half starts afresh (its `restart`), and so does DART's, from the region's first
        run, which seeds it (`update`)."""
        self.lazy.restart()
        self.dart = DartHalf()
        self._last = None

    @property
    def uncovered(self) -> str:
        """Nothing, once DART's half has run out: every real path was run."""
        return "" if self.dart.started else self.lazy.uncovered

    def guess(self, candidate: Candidate) -> bool:
        """The lazy half's candidates are guesses (search/protocol.py): a run that leaves
        one's predicted path is not in DART's tree, whose end alone is the claim."""
        return candidate.directive is not EXPAND_ALL

    def update(self, run: ExploredRun) -> None:
        real = not run.notes.abstract
        mine, self._last = self._last, None
        if mine is DART and run.candidate is not None:
            self.stats.dart_runs += 1
            self.dart.own(run)
            return   # not the lazy half's business: it keeps its solitary order
        if mine is LAZY:
            self.stats.lazy_runs += 1
            self.stats.lazy_diverged += run.diverged
        if real and not any(c.mode == "expanded" for c in run.calls):
            self.dart.observe(run)   # a path of DART's shape (no formals): the engine's fallback
        elif not self.dart.started and not self.dart.pending():
            self.dart.seed(run.assignment)
        self.lazy.update(run)

    def rejected(self, candidate: Candidate, status: Status) -> None:
        mine, self._last = self._last, None
        if mine is DART:
            self.stats.dart_rejected += 1
            self.dart.rejected(candidate, status)
        else:
            self.stats.lazy_rejected += 1
            self.lazy.rejected(candidate, status)

    def select(self) -> Candidate | None:
        if self.dart.started and not self.dart.pending():
            # DART's frontier is empty: every real path was run.
            self.stats.ended_by = DART
            self.lazy.stop()
            return None
        if self.dart.pending() and self.stats.dart_runs <= self.stats.lazy_runs:
            self._last = DART
            return self.dart.select()
        cand = self._lazy_select()
        if cand is not None:
            self._last = LAZY
            return cand
        if self.dart.pending():
            self._last = DART
            return self.dart.select()
        self.stats.ended_by = LAZY
        return None

    def _lazy_select(self) -> Candidate | None:
        """The lazy half's next candidate, solved on its own chain: as inputs to run
        (no constraints), or as it is when that chain neither found a model nor
        refuted it (the engine then asks its own)."""
        while True:
            cand = self.lazy.select()
            if cand is None or cand.constraints is None or self.solver is None:
                return cand
            assignment = dict(cand.assignment)
            hints = {v: assignment[v.value] for c in cand.constraints for v in c.free if v.value in assignment}
            answer = self.solver.check(Query(cand.constraints, self.domains, hints))
            if answer.status is Status.SAT:
                for v, value in (answer.model or {}).items():
                    assignment[v.value] = value
                return replace(cand, constraints=None, assignment=assignment)
            if answer.status is not Status.UNSAT:
                return cand
            self.stats.lazy_rejected += 1
            self.lazy.rejected(cand, answer.status)
