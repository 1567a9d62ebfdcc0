"""The exploration loop: select a candidate, solve, execute, record, update, hand off.

It knows nothing of z3, pytest, the search order or the call policy, and it writes
no files: test cases go to a handler, the branch to flip next comes from the
searcher, satisfiability from the solver chain.

    random run ─► tree.insert ─► searcher.update ─► handler.on_test
        ▲                                               │
        │       ┌── unsat/unknown: mark the side ◄──┐   ▼
        └─ run ◄┴── sat: inputs = old ⊕ model ◄── solve(select())
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol

from smartest.engine.budget import Budget
from smartest.engine.execute import RunResult, execute
from smartest.engine.target import Target
from smartest.engine.testcase import TestCase
from smartest.options import Options
from smartest.search.protocol import Candidate, ExploredRun, Searcher
from smartest.solver.protocol import Query, Solver, SolverStats, Status
from smartest.trace.tree import ExecutionTree, SideStatus


class Handler(Protocol):
    def on_test(self, test: TestCase, stats: "ExplorationStats") -> None: ...


@dataclass
class ExplorationStats:
    runs: int = 0
    paths: int = 0
    bugs: int = 0
    divergences: int = 0
    complete: bool = True
    stop_reason: str = ""
    time_s: float = 0.0
    branch_sides: set = field(default_factory=set)        # (site, taken) seen on symbolic branches
    concretizations: Counter = field(default_factory=Counter)  # (site text, reason) -> runs
    solver: SolverStats = field(default_factory=SolverStats)


class Engine:
    def __init__(self, target: Target, options: Options, *, searcher: Searcher, solver: Solver,
                 solver_stats: SolverStats, handler: Handler | None = None) -> None:
        self.target = target
        self.options = options
        self.searcher = searcher
        self.solver = solver
        self.handler = handler
        self.tree = ExecutionTree()
        self.rng = random.Random(options.seed)
        self.stats = ExplorationStats(solver=solver_stats)
        self.tests: list[TestCase] = []
        self.domains = {}
        self.variables = {}
        from smartest.terms import var
        for p in target.params:
            v = self.variables[p.name] = var(p.name, p.kind.sort)
            d = p.kind.domain(v, options)
            if d is not None:
                self.domains[v] = d

    # -- the loop -------------------------------------------------------------
    def explore(self) -> ExplorationStats:
        budget = Budget(self.options.max_runs, self.options.time_limit)
        stalled = 0
        try:
            self._random_run()
            while True:
                reason = budget.exhausted(self.stats.runs)
                if reason:
                    self.stats.stop_reason = reason
                    break
                cand = self.searcher.select()
                if cand is None:
                    if self.stats.complete:
                        self.stats.stop_reason = "exhausted"
                        break
                    # DART's outer loop: incomplete, so restart from random inputs.
                    stalled = 0 if self._random_run() else stalled + 1
                    if stalled >= self.options.stall_restarts:
                        self.stats.stop_reason = "stalled"
                        break
                    continue
                self._directed_run(cand)
        except KeyboardInterrupt:
            self.stats.stop_reason = "interrupted"
        finally:
            self.stats.time_s = budget.elapsed
            self.stats.paths = self.tree.paths
        if self.stats.stop_reason != "exhausted":
            # Stopped early: unexplored sides remain, so not every path was run.
            self.stats.complete = False
        return self.stats

    def _random_inputs(self) -> dict[str, Any]:
        return {p.name: p.kind.draw(self.rng, self.options) for p in self.target.params}

    def _random_run(self) -> bool:
        return self._run(self._random_inputs(), None)

    def _directed_run(self, cand: Candidate) -> None:
        hints = {v: cand.inputs[name] for name, v in self.variables.items() if name in cand.inputs}
        answer = self.solver.check(Query(cand.constraints, self.domains, hints))
        if answer.status is Status.UNSAT:
            self.tree.mark(cand.node, cand.side, SideStatus.INFEASIBLE)
            return
        if answer.status is Status.UNKNOWN:
            self.tree.mark(cand.node, cand.side, SideStatus.UNKNOWN)
            self.stats.complete = False
            return
        inputs = dict(cand.inputs)
        for v, value in (answer.model or {}).items():
            if v.value in inputs:
                inputs[v.value] = value
        self._run(inputs, cand)

    def _run(self, inputs: Mapping[str, Any], cand: Candidate | None) -> bool:
        o = self.options
        result = execute(self.target, inputs, timeout=o.per_run_timeout, max_depth=o.max_depth, strict=o.strict)
        self.stats.runs += 1
        diverged = cand is not None and not _follows(result, cand)
        if diverged:
            self.stats.divergences += 1
            self.stats.complete = False
            self.tree.mark(cand.node, cand.side, SideStatus.DIVERGED)
        if not result.complete:
            self.stats.complete = False
            for c in result.concretizations:
                self.stats.concretizations[(c.site.describe(), c.reason)] += 1
        new_path, nodes = self.tree.insert(result.path, len(self.tests))
        for b in result.path:
            self.stats.branch_sides.add((b.site, b.taken))
        forced = cand.flip if (cand is not None and not diverged) else -1
        self.searcher.update(ExploredRun(result.path, nodes, result.inputs, forced, new_path, self.tree))
        test = self._test_case(result, new_path, cand is not None, diverged)
        self.tests.append(test)
        if test.bug:
            self.stats.bugs += 1
        self.stats.paths = self.tree.paths
        if self.handler is not None:
            self.handler.on_test(test, self.stats)
        return new_path

    def _test_case(self, r: RunResult, new_path: bool, directed: bool, diverged: bool) -> TestCase:
        return TestCase(
            index=len(self.tests), inputs=dict(r.inputs), outcome=r.outcome.value, returned=r.returned,
            raised=r.raised, bug=r.bug, new_path=new_path, path_length=len(r.path),
            directed=directed, diverged=diverged, duration_s=r.duration_s,
        )


def _follows(result: RunResult, cand: Candidate) -> bool:
    """Did the run take the predicted path: the candidate's prefix, then the flipped side?"""
    path = result.path
    if len(path) <= cand.flip:
        return False
    for j in range(cand.flip):
        if path[j].taken != cand.path[j].taken or path[j].site != cand.path[j].site:
            return False
    return path[cand.flip].taken == cand.side and path[cand.flip].site == cand.path[cand.flip].site
