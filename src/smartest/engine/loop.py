"""The exploration loop: select a candidate, solve, execute, record, update, hand off.

It knows nothing of z3, pytest, the search order or the call policy, and it writes
no files: test cases go to a handler, what to run next comes from the searcher,
satisfiability from the solver chain, and what happens at calls from the policy.

    random run ─► searcher.update ─► handler.on_test
        ▲                                  │
        │      ┌─ unsat/unknown: searcher.rejected ◄─┐
        └─ run ◄┴─ sat: assignment ⊕ model ◄── solve(searcher.select())

When the searcher has nothing left and the search is not complete (a value fell
back on its concrete value, a run diverged, the solver gave up), the loop does not
stop there: it first runs DART's negation of every recorded branch whose exact
constraint no run took (`search/fallback.py`), then random restarts, and stops
("stalled") only after `stall_restarts` restarts in a row found no new path.  Even a
search its strategy calls complete is not ended while a violated `assume` of some
run was never satisfied by any run (a strategy may drop pruned runs from its trees).
A searcher whose empty frontier does not cover every real path (`Searcher.uncovered`:
LATEST's covers abstract paths; once a run was pruned, `uncovered_after_pruning`:
demand's and SMART's trees count sides that only inputs outside the domain ran) gets
the fallback, run to its end, before `complete`.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from smartest.calls.protocol import CallPolicy
from smartest.engine.budget import Budget
from smartest.engine.collection import RunCollector
from smartest.engine.execute import RunResult, execute
from smartest.engine.isolation import interrupted_by_user
from smartest.engine.outcome import Outcome
from smartest.engine.sandbox import Sandbox
from smartest.engine.target import Target
from smartest.engine.testcase import TestCase
from smartest.options import Options
from smartest.search.fallback import ConstraintFallback
from smartest.search.protocol import Candidate, ExploredRun, Searcher, follows
from smartest.solver.protocol import Query, Solver, SolverStats, Status
from smartest.symbolic.inputs import prepare_inputs, settle


UNEXPLAINED_DIVERGENCE = "a run left its predicted path with no recorded cause (an escape not yet found)"
_CUT_SHORT = {Outcome.TIMEOUT: "the run timed out (--per-run-timeout): what follows where it stopped was not run",
              Outcome.MEMORY: "the run passed its memory limit (--per-run-memory): what follows was not run"}
INCOMPLETE = ("the search was not complete (a value fell back on its concrete value, a run diverged, the solver "
              "gave up or the strategy's own analysis did not fit a run)")


def inputs_key(inputs: dict[str, Any]) -> str:
    """Inputs as `Engine.avoid` holds them: their values' reprs, by name."""
    return repr(sorted(inputs.items()))


def _first_miss(path, expect) -> str:
    for k, (site, taken) in enumerate(expect):
        if k >= len(path) or path[k].site != site or path[k].taken != taken:
            return site.describe()
    return "?"


class Handler(Protocol):
    def on_run_start(self, inputs: dict[str, Any]) -> None: ...
    def on_run_end(self) -> None: ...   # optional, like on_run_start
    def on_test(self, test: TestCase, stats: "ExplorationStats") -> None: ...


@dataclass
class ExplorationStats:
    runs: int = 0
    paths: int = 0               # distinct signatures among runs of the real program
    bugs: int = 0
    divergences: int = 0
    fallback_runs: int = 0       # runs of DART's negation after the searcher's frontier emptied
    fallback_why: str = ""       # why the fallback was asked (INCOMPLETE, or what the searcher leaves)
    complete: bool = True
    stop_reason: str = ""
    time_s: float = 0.0
    branch_sides: set = field(default_factory=set)        # (site, taken) seen on symbolic branches
    concretizations: Counter = field(default_factory=Counter)  # (site text, callee, reason) -> runs
    solver: SolverStats = field(default_factory=SolverStats)
    parallel: dict = field(default_factory=dict)   # with workers: busy, total, waiting, frontier; else why_not


class Engine:
    def __init__(self, target: Target, options: Options, *, searcher: Searcher, solver: Solver,
                 solver_stats: SolverStats, policy: CallPolicy, handler: Handler | None = None,
                 sandbox: Sandbox | None = None, probe: Any = None, previous: "Engine | None" = None,
                 carry: bool = False) -> None:
        """`probe(constraints, hints)` hears every query found unsatisfiable (a bound
        probe, engine/deepening); `previous`: the engine of the last deepening round,
        whose tests, paths and counts this one continues.  `carry`: keep every real run
        (`history`) and start from the previous round's: its inputs fit the larger
        bounds and follow the same path, so this round's searcher is told them instead
        of running them again (with a call policy that keeps no state of its own)."""
        self.target = target
        self.options = options
        self.searcher = searcher
        self.solver = solver
        self.policy = policy
        self.handler = handler
        self.sandbox = sandbox
        self.rng = random.Random(options.seed)
        self.stats = ExplorationStats(solver=solver_stats)
        self.tests: list[TestCase] = []
        self.signatures: set[int] = set()
        self.domains = prepare_inputs(target.params, options)
        self.inputs = frozenset(v.value for p in target.params for v, _ in p.kind.variables(p.name, options, 0))
        self.fallback = ConstraintFallback(self.inputs)
        self.probe = probe
        self.deadline: float | None = None   # the exploration's, set by api (engine/budget.py)
        self.last_signature = 0
        self.fallback_directive = getattr(searcher, "fallback_directive", None)
        self._guess = getattr(searcher, "guess", None)
        # The searcher's runs record only part of their branches (`partial_paths`, SMART's
        # region): the fallback negates them under the searcher's own policy, until the
        # searcher is `uncovered`; then it starts DART's search afresh from whole runs
        # under its directive (`_whole_only`).
        self._partial = bool(getattr(searcher, "partial_paths", False))
        self._whole_only = False
        self.carry = carry
        self.history: list[ExploredRun] = []   # real runs, when carried to the next round
        self.exact = True                      # no run diverged, cut short or concretized
        self.cuts: Any = None                  # hears each real run's path (a parallel region's, engine/regions)
        self.side_keys = False                 # branch sides by `Site.key`: they cross processes (--workers)
        self.avoid: set[str] = set()           # inputs whose run killed a parallel worker (engine/worker.py)
        if previous is not None:
            self.tests, self.signatures, self.stats = previous.tests, previous.signatures, previous.stats
            self.stats.complete, self.stats.stop_reason = True, ""
            if carry and previous.carry and previous.exact:
                self._carry(previous.history)

    @property
    def uncovered(self) -> str:
        """What the searcher's empty frontier does not mean was run, asked each time
        the frontier is empty: a compositional searcher's (`uncovered_after_pruning`)
        once some run was pruned."""
        said = getattr(self.searcher, "uncovered", "")
        if not said and self.fallback.violated:
            said = getattr(self.searcher, "uncovered_after_pruning", "")
        return said

    def _carry(self, runs: list[ExploredRun]) -> None:
        """The previous round's runs, told to this round's searcher and fallback as
        runs it did not ask for (like random ones): no run is made again.  Every path
        goes into the searcher's tree first, so no side a later carried run took is
        offered again."""
        tree = getattr(self.searcher, "tree", None)
        if tree is None:
            return
        for run in runs:
            tree.insert(run.path)
        for run in runs:
            run = replace(run, candidate=None, diverged=False)
            self.searcher.update(run)
            self.fallback.record(run.path, run.assignment, run.calls, run.notes.info.get("to_root"))
            self.history.append(run)

    # -- the loop -------------------------------------------------------------
    def explore(self) -> ExplorationStats:
        with RunCollector():   # z3's models must not depend on when Python collects (engine/collection)
            return self._explore()

    def _explore(self, budget: Budget | None = None, start: bool = True) -> ExplorationStats:
        """`budget`: what is left of the exploration's (default: all of it); `start`:
        begin with a random run (a parallel coordinator's tail goes on without one)."""
        budget = budget or Budget(self.options.max_runs, self.options.time_limit, self.options.max_bugs, self.deadline)
        stalled = 0
        try:
            if start and not budget.exhausted(0):
                self._random_run()
            while True:
                reason = budget.exhausted(self.stats.runs, self.stats.bugs)
                if not reason and self.probe is not None and self.probe.should_yield(self.stats.runs):
                    reason = "deepen"   # a bound cut a path: the next round raises it
                if reason:
                    self.stats.stop_reason = reason
                    break
                cand = self.searcher.select()
                if cand is None:
                    last, assumption = self.last_resort()
                    if last is not None:
                        if self._attempt(last, from_searcher=False) and not assumption:
                            stalled = 0
                        continue
                    if self.stats.complete:   # the strategy's frontier, then the fallback: both done
                        self.stats.stop_reason = "exhausted"
                        break
                    # DART's outer loop: incomplete, so restart from random inputs.
                    stalled = 0 if self._random_run() else stalled + 1
                    if stalled >= self.options.stall_restarts:
                        self.stats.stop_reason = "stalled"
                        break
                    continue
                self._attempt(cand)
        except BaseException as e:
            if not interrupted_by_user(e):
                raise
            # The CLI's watchdog stops a child that overran --time-limit (one solver query or
            # run longer than the time left) with the signal Ctrl-C sends: past the deadline
            # that is the time limit, and a package exploration goes on with its next function.
            self.stats.stop_reason = "time_limit" if budget.exhausted(0) == "time_limit" else "interrupted"
        finally:
            self.stats.time_s += budget.elapsed
        if self.stats.stop_reason != "exhausted":
            # Stopped early: unexplored sides remain, so not every path was run.
            self.stats.complete = False
        return self.stats

    def last_resort(self) -> tuple[Candidate | None, bool]:
        """What runs once the searcher has nothing left, and whether it satisfies a
        violated assumption: such an assumption no run satisfied (asked even of a
        complete search), else DART's negation (`search/fallback.py`) when the search
        is incomplete or its frontier leaves paths uncovered; (None, False) when
        neither has anything left."""
        if self.stats.complete and not self.uncovered:
            violated = self.fallback.select_assumption()
            return violated, violated is not None
        if self._partial and not self._whole_only and self.uncovered:
            # A run was pruned (its paths recorded only in part): DART's search starts
            # afresh from whole runs, under the fallback directive.
            self._whole_only = True
            self.fallback = self.fallback.fresh()
        directive = self.fallback_directive if self._whole_only or not self._partial else None
        fallback = self.fallback.select()
        if fallback is None and self.uncovered and not self.fallback.recorded:
            # Every run so far was abstract (LATEST refuted every abstract path) or
            # recorded only part of its branches (SMART's region): DART's search
            # starts from one real run of random inputs.
            fallback = Candidate(None, {}, (), directive)
        if fallback is None:
            return None, False
        self.stats.fallback_why = self.stats.fallback_why or \
            (INCOMPLETE if not self.stats.complete else self.uncovered)
        return replace(fallback, directive=directive), False

    def _random_run(self) -> bool:
        return self._run(self.draw(), None)

    def draw(self) -> dict[str, Any]:
        """Random inputs, as a random run starts from (a parallel coordinator draws the
        first run's here and hands them to a worker: it runs no target itself)."""
        return {p.name: p.kind.draw(self.rng, self.options) for p in self.target.params}

    def _attempt(self, cand: Candidate, from_searcher: bool = True) -> bool:
        """Solve and run a candidate; returns whether the run followed a new path.
        A fallback candidate (not the searcher's) is never reported back to it as such."""
        assignment = dict(cand.assignment)
        if cand.constraints is not None:
            status = self.solve(cand.constraints, assignment, cand.stream, probe=not cand.provisional)
            if status is not Status.SAT:
                if from_searcher:
                    self.searcher.rejected(cand, status)
                return False
        return self._run(assignment, cand, from_searcher)

    def solve(self, constraints: tuple, assignment: dict[str, Any], stream: int = 0, probe: bool = True) -> Status:
        """Solve `constraints`, the values in `assignment` as hints; a model's values
        go into `assignment`.  An unknown answer clears `complete`; an unsatisfiable
        one goes to the bound probe (unless `probe` is false: it prunes nothing)."""
        hints = {v: assignment[v.value] for c in constraints for v in c.free if v.value in assignment}
        answer = self.solver.check(Query(constraints, self.domains, hints, stream=stream))
        if answer.status is not Status.SAT:
            if answer.status is Status.UNKNOWN:
                self.stats.complete = False
            elif self.probe is not None and probe:
                self.probe(constraints, hints)
            return answer.status
        for v, value in (answer.model or {}).items():
            assignment[v.value] = value
        return answer.status

    def _run(self, assignment: dict[str, Any], cand: Candidate | None, from_searcher: bool = True) -> bool:
        """Execute once; returns whether the run followed a path no run had followed."""
        o = self.options
        for p in self.target.params:
            if p.name not in assignment:
                assignment[p.name] = p.kind.draw(self.rng, o)
        settle(self.target.params, assignment, o)
        inputs = {p.name: assignment[p.name] for p in self.target.params}
        if self.avoid and inputs_key(inputs) in self.avoid:
            # Its run killed a worker: not run again, and what lies below it is not
            # searched (for completeness, as if the solver had given up).
            self.stats.complete = False
            if cand is not None and from_searcher:
                self.searcher.rejected(cand, Status.UNKNOWN)
            return False
        if self.handler is not None:
            # Before the run: if the target kills the process, its inputs are on record.
            self.handler.on_run_start(inputs)
        result = execute(self.target, assignment, timeout=o.per_run_timeout, max_depth=o.max_depth,
                         strict=o.strict, policy=self.policy, directive=cand.directive if cand else None,
                         options=o, sandbox=self.sandbox, memory_mb=o.per_run_memory)
        end = getattr(self.handler, "on_run_end", None)
        if end is not None:
            end()
        self.stats.runs += 1
        RunCollector.after_run(self.stats.runs)
        self.last_signature = result.signature    # a parallel worker sends it with the test case
        if not from_searcher:
            self.stats.fallback_runs += 1
        diverged = cand is not None and not follows(result.path, cand.expect)
        if diverged and not (from_searcher and self._guess is not None and self._guess(cand)):
            self.stats.divergences += 1
            self.stats.complete = False
            if result.complete:
                # Nothing recorded explains why the run left its predicted path: an
                # escape not yet found.  It is reported at the first decision it missed.
                where = _first_miss(result.path, cand.expect)
                self.stats.concretizations[(where, "", UNEXPLAINED_DIVERGENCE)] += 1
        if result.outcome is Outcome.SIDE_EFFECT:
            self.stats.complete = False  # the refusal ended the run: what follows it was not run
        elif result.outcome in _CUT_SHORT:
            # The clock or the memory limit ended the run: what follows the point it
            # reached was not run (a slow start as much as an endless loop).
            self.stats.complete = False
            self.stats.concretizations[("the run's inputs", "", _CUT_SHORT[result.outcome])] += 1
        if not result.complete:
            self.stats.complete = False
            for c in result.concretizations:
                self.stats.concretizations[(c.site.describe(), c.callee, c.reason)] += 1
        real = not result.notes.abstract
        new_path = real and result.signature not in self.signatures
        if new_path:
            self.signatures.add(result.signature)
            self.stats.paths = len(self.signatures)
        sides = self.stats.branch_sides
        for b in result.path:
            sides.add((b.site.key if self.side_keys else b.site, b.taken))
        # A fallback run is, to the searcher, a run it did not ask for (like a random one).
        explored = ExploredRun(result.path, result.calls, assignment, cand if from_searcher else None,
                               diverged and from_searcher, new_path, result.notes, result.complete)
        self.searcher.update(explored)
        if diverged or not result.complete or result.outcome is Outcome.SIDE_EFFECT or result.outcome in _CUT_SHORT:
            self.exact = False
        elif self.carry and real:
            self.history.append(explored)
        if real:
            whole = not self._whole_only or (cand is not None and cand.directive == self.fallback_directive)
            self.fallback.record(result.path, assignment, result.calls, result.notes.info.get("to_root"), whole)
            if self.cuts is not None:
                self.cuts.record(result.path, result.notes.info.get("to_root"))
            test = self._test_case(result, new_path, cand is not None, diverged)
            self.tests.append(test)
            if test.bug:
                self.stats.bugs += 1
            if self.handler is not None:
                self.handler.on_test(test, self.stats)
        return new_path

    def _test_case(self, r: RunResult, new_path: bool, directed: bool, diverged: bool) -> TestCase:
        return TestCase(
            index=len(self.tests), inputs=dict(r.inputs), outcome=r.outcome.value, returned=r.returned,
            raised=r.raised, bug=r.bug, new_path=new_path, path_length=len(r.path),
            directed=directed, diverged=diverged, duration_s=r.duration_s,
        )

