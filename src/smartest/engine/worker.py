"""A worker of a parallel exploration (engine/parallel.py is its coordinator): the loop
a forked process or a Ray actor runs, the jobs it takes and gives, and the messages
it sends.

A job is a subtree (the plain inputs of a run that reached its root and the branches
to negate, replayed in the worker: terms never cross) or a region of the inputs
(engine/regions.py: constraints every query of the worker carries).  The worker runs
the strategy's own searcher on its share, then the engine's last resort within it,
and answers the coordinator's "split" with half its candidates (or one region).
"""
from __future__ import annotations

import pickle
import time
from dataclasses import dataclass, replace

from smartest.engine.deepening import BoundProbe
from smartest.engine.execute import execute
from smartest.engine.loop import Engine
from smartest.engine.regions import Confined, Cuts, Region, RegionWork, learn, news
from smartest.engine.testcase import TestCase
from smartest.search.protocol import Splittable, flip
from smartest.trace.tree import SideStatus


@dataclass(frozen=True)
class Job:
    """A subtree: the inputs of a run that reached its root, and the branch to negate.
    `seed`: the subtree is the candidate at that position of the first run's frontier,
    which every worker holds already (forked after the first run): no replay."""

    assignment: dict
    index: int
    seed: int | None = None
    tries: int = 0          # handed out before, to a worker that died with it
    more: tuple[int, ...] = ()   # more branches of the same run to negate: one replay for all
    region: Region | None = None  # a region of the inputs instead (engine/regions.py); with `seed`: the rest of the coordinator's


def push_job(searcher: Splittable, path, assignment: dict, index: int, given=None) -> bool:
    """Insert the replayed run of a job into the searcher's tree and hand it the side
    the job negates; False when the replay did not reach that side.  `given`: the
    (node, side) pairs this searcher gave away, which may come back to it."""
    nodes = searcher.tree.insert(path)
    if index >= len(path):      # the replay left the job's path: nothing to negate here
        return False
    node, side = nodes[index], int(not path[index].taken)
    if given is not None and (node, side) in given and node.status[side] is SideStatus.PENDING:
        given.discard((node, side))
    elif node.status[side] is not SideStatus.DANGLING:
        return False
    node.status[side] = SideStatus.PENDING
    searcher.take(flip(path, index, assignment, (node, side, index)))
    return True


class Outbox:
    """The worker's handler and its one way to the coordinator.  Test cases go with
    their path's signature (the coordinator alone knows every worker's paths) in
    batches: a message costs the coordinator a wake-up and two reads whatever it
    holds, and that, not the test cases, is most of its CPU per run.  A batch leaves
    when a run starts and its oldest test case is `WAIT` seconds old, when it is
    full, before any other message, and at once when it holds a bug: a worker that
    dies loses no bug it found, only runs of the subtrees it held, which are retried."""

    WAIT, FULL = 0.01, 64

    def __init__(self, conn, engine: Engine) -> None:
        self.conn, self.engine = conn, engine
        self.batch: list = []
        self.since = 0.0
        self.sides: set = set(engine.stats.branch_sides)     # the coordinator's own, and those sent
        self.pending = getattr(engine.searcher, "pending", None)   # candidates held (regions: steps untaken)

    def on_run_start(self, inputs) -> None:
        if self.batch and time.monotonic() - self.since >= self.WAIT:
            self.flush()

    def on_test(self, test: TestCase, stats) -> None:
        if not self.batch:
            self.since = time.monotonic()
        self.batch.append((test, self.engine.last_signature, self.pending()))
        if test.bug or len(self.batch) >= self.FULL:
            self.flush()

    def flush(self) -> None:
        """Send the batch, with the branch sides new since the last one (the progress
        line counts every worker's) and what the call policy learned (SMART's new path
        summaries, which the coordinator passes on to the other workers)."""
        batch, self.batch = self.batch, []
        sides = self.engine.stats.branch_sides
        new = list(sides - self.sides) if len(sides) > len(self.sides) else []
        self.sides.update(new)
        learned = news(self.engine.policy)
        if batch or new or learned:
            extra = {"sides": new, "news": learned}
            try:
                self.conn.send(("tests", (batch, extra)))      # pickled whole before a byte is written
            except Exception:  # noqa: BLE001 - whatever a returned value's pickling raises
                self.conn.send(("tests", ([(portable(t), *facts) for t, *facts in batch], extra)))

    def send(self, kind: str, body) -> None:
        self.flush()
        self.conn.send((kind, body))


def portable(test: TestCase) -> TestCase:
    """The test case as it can cross a pipe: a returned value that cannot be pickled
    travels as its repr (the report shows it; the emitted test then checks the type)."""
    try:
        pickle.dumps(test)
        return test
    except Exception:
        return replace(test, returned=repr(test.returned))


class _LateProbe:
    """A worker's bound probe, put off until its subtrees are done: whether a bound
    cut a path matters only when the round ends, one cut anywhere is enough, and a
    probe (open string lengths) costs as much as tens of runs.  So the queries wait
    here, and are probed when the worker has nothing left to run, unless another
    worker has found a cut meanwhile (the coordinator passes it on: `found`)."""

    def __init__(self, probe: BoundProbe) -> None:
        self.probe, self.waiting = probe, []

    def __call__(self, constraints, hints) -> None:
        if not self.probe.cut:
            self.waiting.append((constraints, hints))

    def found(self) -> None:
        self.probe.cut, self.waiting = True, []

    def step(self) -> bool:
        """Probe the next query that waits; True when it found the first cut."""
        constraints, hints = self.waiting.pop()
        self.probe(constraints, hints)
        if self.probe.cut:
            self.waiting = []
        return self.probe.cut

    @property
    def cut(self) -> bool:
        return self.probe.cut


class _FlipWork(Confined):
    """A worker's subtrees of a flip-based search: the strategy's own searcher below
    the jobs it took (a seed of the first run, or a replayed run and its branch).
    Its fallback is not confined: a subtree's path constraint is exact only where no
    value was concretized, and the fallback runs precisely where one was (p86: the
    bug lies beside the first run's path, in no subtree), so a fallback may search
    again what another worker searched, never miss what one process would try."""

    def __init__(self, engine: Engine, seeds: list, out) -> None:
        super().__init__(engine)
        self.seeds, self.out = seeds, out
        self.given: set = set()    # (node, side) of the candidates given away: a job may bring one back

    def give(self) -> list[Job]:
        return give_half(self.engine.searcher, self.given)

    def take(self, job: Job) -> None:
        e, o = self.engine, self.engine.options
        self.active = True
        if job.seed is not None:
            e.searcher.take(self.seeds[job.seed])
            return
        result = execute(e.target, dict(job.assignment), timeout=o.per_run_timeout, max_depth=o.max_depth,
                         strict=o.strict, policy=e.policy, options=o, sandbox=e.sandbox,
                         memory_mb=o.per_run_memory)
        self.out.send("replay", None)
        for index in (job.index, *job.more):
            if not result.complete or not push_job(e.searcher, result.path, dict(job.assignment), index,
                                                   self.given):
                # The replay left the job's path (a divergence): its subtree is not run.
                e.stats.complete = False
                e.stats.divergences += 1


class RegionJobs(RegionWork):
    """A worker's regions (engine/regions.py), spoken in jobs."""

    def give(self) -> list[Job]:
        return [Job({}, -1, region=r) for r in super().give()]

    def take(self, job: Job) -> None:
        if job.seed is not None:    # the coordinator's own search, confined to what it kept
            super().take(None, job.region.constraints)
        else:
            super().take(job.region)


def work_loop(conn, coordinator: Engine, seeds, solver_factory, cpu0: float = 0.0) -> None:
    """A worker process: take jobs, explore their subtrees (or regions: `seeds` is then
    the coordinator's `RegionWork`) with the strategy's own searcher, answer "split" and
    "stop", pass on what the call policy learned.  `coordinator` is the engine of the
    first run(s) as this process was forked from it: its searcher holds their tree (a
    Ray actor's: an engine of its own, no run made; `cpu0`: its CPU seconds before)."""
    solver, solver_stats = solver_factory()
    target, o, searcher = coordinator.target, coordinator.options, coordinator.searcher
    engine = Engine(target, o, searcher=searcher, solver=solver, solver_stats=solver_stats,
                    policy=coordinator.policy, handler=None, sandbox=coordinator.sandbox)
    engine.side_keys = True
    forked = getattr(engine.policy, "forked", None)
    if forked is not None:
        forked()        # e.g. SMART: its own store connection, its counts from zero
    out = engine.handler = Outbox(conn, engine)
    if seeds == RESTARTS:      # (a Ray actor's seeds arrive pickled: equal, not the same object)
        work = _Restarts(engine)
        out.pending = lambda: 0
    elif seeds == REGIONS or isinstance(seeds, RegionWork):
        # the coordinator's regions, as forked (a job says which to search), or fresh ones
        work = seeds if isinstance(seeds, RegionWork) else RegionJobs(engine, Cuts(engine.inputs))
        work.engine, work.active, engine.cuts = engine, False, work.cuts
        out.pending = lambda: len(work.cuts.heap)
    else:
        work = _FlipWork(engine, seeds, out)
    probe = engine.probe = _LateProbe(BoundProbe(target.params, o, 0, True, solver, solver_stats))   # a bound that cuts a path clears complete
    said_idle = True      # the coordinator knows a new worker holds no job
    probing = False       # it said "idle" with probes to make: it says "probed" when they are made
    idle = 0.0            # seconds waiting with nothing to run, once the first job came
    started = None
    while True:
        if work.pending() and not conn.poll():
            work.step()
            continue
        if not work.pending() and not said_idle:
            # "idle" first, so that a job may be on its way while the probes are made
            probing = bool(probe.waiting)
            out.send("idle", {**summary(engine), "cpu_s": time.process_time() - cpu0, "idle_s": idle,
                              "probing": probing})
            said_idle = True
        if said_idle and probing and not conn.poll():
            if probe.waiting and probe.step():
                out.send("cut", None)
            if not probe.waiting:
                probing = False
                out.send("probed", None)
            continue
        waited = time.monotonic()
        kind, body = conn.recv()
        if started is None:
            started = time.monotonic()
        elif not work.pending():
            idle += time.monotonic() - waited
        if kind == "stop":
            break
        if kind == "cut":
            probe.found()
            if said_idle and probing:
                probing = False
                out.send("probed", None)
        elif kind == "split":
            out.send("jobs", work.give())
        elif kind == "summaries":
            learn(engine.policy, body)
        elif kind == "paths":       # the signatures of every path so far (a worker not forked from there)
            engine.signatures.update(body)
        elif kind == "job":
            said_idle = False
            work.take(body)
    try:
        out.send("done", {**summary(engine), "cpu_s": time.process_time() - cpu0, "idle_s": idle})
    except OSError:
        pass        # the search was exhausted: the coordinator has our "idle" summary and went on


def give_half(searcher: Splittable, given: set) -> list[Job]:
    """Half of the searcher's candidates, shallowest first (work stealing steals half:
    a waiting worker gets enough that it rarely waits again), as jobs: one per run the
    candidates flip, since a replay of that run serves them all."""
    by_run: dict[int, Job] = {}
    for _ in range(searcher.pending() // 2):
        cand = searcher.give()
        if cand is None:
            break
        node, side, index = cand.origin
        given.add((node, int(side)))
        key = id(cand.assignment)
        job = by_run.get(key)
        by_run[key] = Job(dict(cand.assignment), index) if job is None else replace(job, more=(*job.more, index))
    return list(by_run.values())


def summary(engine: Engine) -> dict:
    """A worker's last word: its search's completeness and counts (and its call policy's)."""
    stats, probe = engine.stats, engine.probe
    counts = getattr(engine.policy, "counts", None)
    return {"complete": stats.complete, "divergences": stats.divergences, "cut": bool(probe and probe.cut),
            "concretizations": dict(stats.concretizations), "solver": stats.solver.as_dict(),
            "fallback_runs": stats.fallback_runs, "fallback_why": stats.fallback_why, "policy": counts() if counts is not None else None}


RESTARTS = "restarts"      # the `seeds` of the worker that makes the random restarts
REGIONS = "regions"        # of a worker not forked from here that searches regions


class _Restarts:
    """The worker's share after an incomplete search: random restarts until
    `stall_restarts` in a row found no new path.  A restart is not searched below:
    the workers' trees, which would say what is new below it, are gone (and this
    worker's fallback knows its own runs only: it would search again what they did)."""

    def __init__(self, engine: Engine) -> None:
        self.engine, self.active, self.stalled = engine, False, 0
        engine.searcher = _NoSearch()

    def pending(self) -> bool:
        return self.active and self.stalled < self.engine.options.stall_restarts

    def step(self) -> None:
        self.stalled = 0 if self.engine._random_run() else self.stalled + 1

    def give(self) -> list:
        return []

    def take(self, job: Job) -> None:
        self.active = True


class _NoSearch:
    """The searcher of the worker that makes the restarts: nothing to select, nothing to keep."""

    def select(self):
        return None

    def update(self, run) -> None:
        pass

    def rejected(self, candidate, status) -> None:
        pass
