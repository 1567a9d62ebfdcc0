"""One exploration, several worker processes: the execution tree split into disjoint
subtrees, after Cloud9 (Bucur et al., EuroSys'11).

DART's depth-first search needs nothing from other subtrees: the candidate that
negates branch j of a run stands for every path that shares the run's first j
decisions and differs at the j-th, and the candidates of one run cover the whole
tree beside that run.  So a subtree travels between processes as a **job**: the
plain inputs of a run that reached its root and the index j to negate.  The worker
that takes it runs those inputs again (the target is deterministic, so it gets the
same path and its terms, with nothing to serialize), negates branch j and explores
depth-first below it, never above.

    coordinator                                  worker k (forked: the target is loaded)
    ───────────                                  ───────────────────────────────────────
    first run ─► one job per branch of it        job ─► replay, flip j ─► DFS in the subtree
    an idle worker gets a job; with none left,   every run ─► ("test", ...) to the coordinator
      the busiest gives up its shallowest        "split" ─► its shallowest pending subtree
      pending subtree ("split")                  its stack empty ─► ("idle", complete?)
    budget reached ─► "stop" to every worker

The coordinator owns the report: test cases arrive as they are found and reach the
handlers (the run directory, progress) at once, so a worker that dies loses only the
run it was in; its pending subtrees are lost with it, so the search is then not
complete.  `--workers 1` never comes here: it is the single-process engine.
"""
from __future__ import annotations

import multiprocessing
import pickle
import time
from multiprocessing.connection import wait
from dataclasses import dataclass, replace

from smartest.calls.inline import InlinePolicy
from smartest.calls.intercept import own_modules
from smartest.engine.budget import Budget
from smartest.engine.deepening import BoundProbe
from smartest.engine.execute import execute
from smartest.engine.loop import Engine, ExplorationStats
from smartest.engine.target import Target
from smartest.engine.testcase import TestCase
from smartest.options import Options
from smartest.solver import build_solver_chain
from smartest.solving.names import for_exploration
from smartest.search.dfs import DepthFirstSearcher
from smartest.search.protocol import flip
from smartest.trace.tree import SideStatus


@dataclass(frozen=True)
class Job:
    """A subtree: the inputs of a run that reached its root, and the branch to negate.
    `seed`: the subtree is the candidate at that position of the first run's stack,
    which every worker holds already (forked after the first run): no replay."""

    assignment: dict
    index: int
    seed: int | None = None


class SubtreeSearcher(DepthFirstSearcher):
    """DART's depth-first search, started from jobs instead of a random run, that can
    give away its shallowest pending subtree."""

    def push_job(self, path, assignment: dict, index: int) -> bool:
        """Insert the replayed run of a job and hold the side it negates."""
        nodes = self.tree.insert(path)
        if index >= len(path):      # the replay left the job's path: nothing to negate here
            return False
        node, side = nodes[index], int(not path[index].taken)
        if node.status[side] is not SideStatus.DANGLING:
            return False
        node.status[side] = SideStatus.PENDING
        self._stack.append(flip(path, index, assignment, (node, side, index)))
        return True

    def split(self) -> Job | None:
        """The shallowest pending candidate as a job (the largest subtree left)."""
        if len(self._stack) < 2:
            return None
        cand = self._stack.pop(0)
        return Job(dict(cand.assignment), cand.origin[2])

    def __len__(self) -> int:
        return len(self._stack)


class _Outbox:
    """The worker's handler: every test case goes to the coordinator as it is found."""

    def __init__(self, conn) -> None:
        self.conn = conn

    def on_run_start(self, inputs) -> None:
        pass

    def on_test(self, test: TestCase, stats) -> None:
        self.conn.send(("test", _portable(test)))


def _portable(test: TestCase) -> TestCase:
    """The test case as it can cross a pipe: a returned value that cannot be pickled
    travels as its repr (the report shows it; the emitted test then checks the type)."""
    try:
        pickle.dumps(test)
        return test
    except Exception:
        return replace(test, returned=repr(test.returned))


def _worker(conn, target: Target, options: Options, solver_factory, searcher: SubtreeSearcher, sandbox=None) -> None:
    """A worker process: take jobs, explore their subtrees, answer "split" and "stop".
    `searcher` holds the first run (this process is forked after it)."""
    solver, solver_stats = solver_factory()
    seeds, searcher._stack = searcher._stack, []
    policy = InlinePolicy()
    engine = Engine(target, options, searcher=searcher, solver=solver, solver_stats=solver_stats, policy=policy,
                    handler=_Outbox(conn), sandbox=sandbox)
    engine.probe = BoundProbe(target.params, options, 0, True, solver, solver_stats)   # a cut clears complete
    o = options
    said_idle = True      # the coordinator knows a new worker holds no job
    while True:
        if len(searcher) and not conn.poll():
            engine._attempt(searcher.select())
            continue
        if not len(searcher) and not said_idle:
            conn.send(("idle", _summary(engine.stats, engine.probe)))
            said_idle = True
        kind, body = conn.recv()
        if kind == "stop":
            break
        if kind == "split":
            conn.send(("job", searcher.split()))
        elif kind == "job" and body.seed is not None:
            said_idle = False
            searcher._stack.append(seeds[body.seed])
        elif kind == "job":
            said_idle = False
            result = execute(target, dict(body.assignment), timeout=o.per_run_timeout, max_depth=o.max_depth,
                             strict=o.strict, policy=policy, options=o, sandbox=sandbox, memory_mb=o.per_run_memory)
            conn.send(("replay", None))
            if not result.complete:
                engine.stats.complete = False
            searcher.push_job(result.path, dict(body.assignment), body.index)
    conn.send(("done", _summary(engine.stats, engine.probe)))


def _summary(stats: ExplorationStats, probe=None) -> dict:
    return {"complete": stats.complete, "divergences": stats.divergences, "cut": bool(probe and probe.cut),
            "concretizations": dict(stats.concretizations), "solver": stats.solver.as_dict()}


class _Coordinator:
    """Hands out jobs, asks for splits, gathers test cases and the workers' last word."""

    def __init__(self, conns, stats: ExplorationStats, tests: list, handler, jobs: list[Job]) -> None:
        self.conns, self.stats, self.tests, self.handler, self.jobs = conns, stats, tests, handler, jobs
        self.idle = [True] * len(conns)     # holds no job
        self.asked: set[int] = set()        # asked to split, no answer yet
        self.last: dict[int, dict] = {}     # worker -> its latest summary
        self.gone: set[int] = set()         # died, or said "done"
        self.lost = 0
        self.peak_frontier = len(jobs)

    def receive(self, i: int, final: bool = False) -> None:
        try:
            kind, body = self.conns[i].recv()
        except (EOFError, OSError):
            self.gone.add(i)
            self.lost += not final or i not in self.last
            self.last[i] = {**self.last.get(i, {}), "complete": False}
            return
        if kind == "test":
            self.stats.runs += 1
            test = replace(body, index=len(self.tests))
            self.tests.append(test)
            self.stats.bugs += test.bug
            self.stats.parallel = {"busy": len(self.busy()), "workers": len(self.conns), "waiting": len(self.jobs)}
            if self.handler is not None:
                self.handler.on_test(test, self.stats)
        elif kind == "replay":
            self.stats.runs += 1
        elif kind == "job":
            self.asked.discard(i)
            if body is not None:
                self.jobs.append(body)
                self.peak_frontier = max(self.peak_frontier, len(self.jobs))
        elif kind == "idle":
            self.asked.discard(i)
            self.idle[i] = True
            self.last[i] = body
        elif kind == "done":
            self.last[i] = body
            self.gone.add(i)

    def dispatch(self) -> None:
        live = [i for i in range(len(self.conns)) if i not in self.gone]
        for i in live:
            if self.idle[i] and self.jobs:
                self.conns[i].send(("job", self.jobs.pop()))
                self.idle[i] = False
        if self.jobs or not any(self.idle[i] for i in live):
            return
        for i in live:                      # someone waits: the first busy worker splits
            if not self.idle[i] and i not in self.asked:
                self.conns[i].send(("split", None))
                self.asked.add(i)
                return

    def busy(self) -> list[int]:
        return [i for i in range(len(self.conns)) if i not in self.gone and not self.idle[i]]


def first_jobs(target: Target, options: Options, solver_factory, handler=None, sandbox=None):
    """The coordinator's first run: (its engine, its searcher, one job per branch).
    Workers forked after it hold the same searcher, so a job may name its candidate
    there (`seed`) instead of being replayed."""
    solver, solver_stats = solver_factory()
    first = SubtreeSearcher()
    engine = Engine(target, options, searcher=first, solver=solver, solver_stats=solver_stats,
                    policy=InlinePolicy(), handler=handler, sandbox=sandbox)
    engine._random_run()
    jobs = [Job(dict(c.assignment), c.origin[2], k) for k, c in enumerate(first._stack)]
    return engine, first, jobs


class _Collector:
    def __init__(self) -> None:
        self.tests: list[TestCase] = []

    def on_run_start(self, inputs) -> None:
        pass

    def on_test(self, test: TestCase, stats) -> None:
        self.tests.append(_portable(test))


def explore_subtree(target: Target, options: Options, job: Job, max_runs: int, solver_factory=None,
                    sandbox=None) -> tuple:
    """Explore one job's subtree in this process for at most `max_runs` runs (a Ray
    task, engine/distributed.py): (test cases found, what is left of it as jobs,
    a summary).  The job is replayed first: nothing of its terms crossed over."""
    solver, solver_stats = (solver_factory or (lambda: build_solver_chain(
        timeout_ms=options.solver_timeout_ms, max_str_len=options.max_str_len)))()
    searcher, policy, collector = SubtreeSearcher(), InlinePolicy(), _Collector()
    engine = Engine(target, options, searcher=searcher, solver=solver, solver_stats=solver_stats, policy=policy,
                    handler=collector, sandbox=sandbox)
    engine.probe = BoundProbe(target.params, options, 0, True, solver, solver_stats)
    with for_exploration(options, own_modules(target.is_own_file), target.module):
        o = options
        result = execute(target, dict(job.assignment), timeout=o.per_run_timeout, max_depth=o.max_depth,
                         strict=o.strict, policy=policy, options=o, sandbox=sandbox, memory_mb=o.per_run_memory)
        engine.stats.runs += 1
        engine.stats.complete &= result.complete
        searcher.push_job(result.path, dict(job.assignment), job.index)
        while len(searcher) and engine.stats.runs < max_runs:
            engine._attempt(searcher.select())
    left = [Job(dict(c.assignment), c.origin[2]) for c in searcher._stack]
    summary = {"runs": engine.stats.runs, **_summary(engine.stats, engine.probe)}
    return collector.tests, left, summary


def explore_parallel(target: Target, options: Options, workers: int, *, solver_factory, handler=None,
                     sandbox=None) -> tuple[ExplorationStats, list[TestCase], dict]:
    """Explore `target` with `workers` processes, DART's depth-first search in each;
    returns the statistics, the test cases and a report section."""
    budget = Budget(options.max_runs, options.time_limit)
    engine, first, jobs = first_jobs(target, options, solver_factory, handler, sandbox)
    stats, tests, solver_stats = engine.stats, engine.tests, engine.stats.solver
    ctx = multiprocessing.get_context("fork")
    procs, conns = [], []
    for _ in range(workers):
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_worker, args=(child, target, options, solver_factory, first, sandbox))
        proc.start()
        child.close()
        procs.append(proc)
        conns.append(parent)
    co = _Coordinator(conns, stats, tests, handler, jobs)
    reason = ""
    try:
        while True:
            co.dispatch()
            if not co.busy() and not co.jobs:
                reason = "exhausted"
                break
            reason = budget.exhausted(stats.runs)
            if reason:
                break
            for conn in wait([conns[i] for i in range(workers) if i not in co.gone], timeout=0.5):
                co.receive(conns.index(conn))
    except KeyboardInterrupt:
        reason = "interrupted"
    finally:
        for i in range(workers):
            if i not in co.gone:
                try:
                    conns[i].send(("stop", None))
                except OSError:
                    co.gone.add(i)
        deadline = time.monotonic() + 10
        for i in range(workers):
            while i not in co.gone and conns[i].poll(max(0.0, deadline - time.monotonic())):
                co.receive(i, final=True)
        for proc in procs:
            proc.join(timeout=1)
            if proc.is_alive():
                proc.kill()
    finals = [co.last.get(i, {"complete": False}) for i in range(workers)]
    stats.stop_reason = reason
    stats.complete = (reason == "exhausted" and stats.complete and co.lost == 0
                      and all(f["complete"] for f in finals))
    for f in finals:
        stats.divergences += f.get("divergences", 0)
        for key, n in f.get("concretizations", {}).items():
            stats.concretizations[key] += n
        for key, n in f.get("solver", {}).items():
            if hasattr(solver_stats, key):
                setattr(solver_stats, key, getattr(solver_stats, key) + n)
    stats.paths = len(engine.signatures) + sum(t.new_path for t in tests[1:])
    stats.time_s = budget.elapsed
    return stats, tests, {"workers": workers, "lost_workers": co.lost, "peak_frontier": co.peak_frontier,
                          "cut": any(f.get("cut") for f in finals)}
