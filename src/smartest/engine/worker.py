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

import mmap
import pickle
import struct
import time
from dataclasses import dataclass, replace

from smartest.engine.deepening import BoundProbe
from smartest.engine.execute import execute
from smartest.engine.loop import Engine, inputs_key
from smartest.engine.regions import Confined, Cuts, Region, RegionWork, learn, news
from smartest.engine.testcase import TestCase
from smartest.search.protocol import Splittable, flip
from smartest.trace.tree import SideStatus


@dataclass(frozen=True)
class Job:
    """A subtree: the inputs of a run that reached its root, and the branch to negate.
    `start`: the whole search instead, from a first run of `assignment` (the
    coordinator draws them as one process draws its first run's, and runs no target
    itself: a target that kills its process must cost a worker)."""

    assignment: dict
    index: int
    start: bool = False
    tries: int = 0          # handed out before, to a worker that died with it
    more: tuple[int, ...] = ()   # more branches of the same run to negate: one replay for all
    region: Region | None = None  # a region of the inputs instead (engine/regions.py)
    route: tuple = ()       # the run's decisions down to its deepest branch to negate, by `Site.key`


class LastRun:
    """The inputs of the run a forked worker is making, in memory it shares with the
    coordinator (no message: a run costs a few microseconds more, not a wake-up of
    the coordinator).  A worker that dies mid-run leaves them there: the coordinator
    reports them and the job's next worker does not run them again, so a target that
    kills its process costs one run.  Inputs too large for the slot are not kept."""

    SIZE = 1 << 16

    def __init__(self) -> None:
        self.memory = mmap.mmap(-1, self.SIZE)      # anonymous and shared: a fork writes what its parent reads

    def write(self, inputs) -> None:
        self.memory[:4] = struct.pack("I", 0)       # a death while writing leaves no half record
        try:
            data = pickle.dumps(inputs)
        except Exception:  # noqa: BLE001 - whatever a value's pickling raises
            return
        if len(data) <= self.SIZE - 4:
            self.memory[4:4 + len(data)] = data
            self.memory[:4] = struct.pack("I", len(data))

    def clear(self) -> None:
        self.memory[:4] = struct.pack("I", 0)

    def read(self) -> dict | None:
        (size,) = struct.unpack("I", self.memory[:4])
        return pickle.loads(self.memory[4:4 + size]) if size else None


def push_job(searcher: Splittable, path, assignment: dict, index: int, given=None, route=None) -> bool | None:
    """Insert the replayed run of a job into the searcher's tree and hand it the side
    the job negates; False when the replay did not reach that side.  `given`: the
    (node, side) pairs this searcher gave away, which may come back to it.  `route`:
    the job's, when the replay followed it: a side this searcher holds or searched
    already is then no divergence (None), as when a job is handed out again after
    its worker died and overlaps what this one searched."""
    nodes = searcher.tree.insert(path)
    if index >= len(path):      # the replay left the job's path: nothing to negate here
        return False
    node, side = nodes[index], int(not path[index].taken)
    if given is not None and (node, side) in given and node.status[side] is SideStatus.PENDING:
        given.discard((node, side))
    elif node.status[side] is not SideStatus.DANGLING:
        followed = route is not None and [(b.site.key, b.taken) for b in path[:len(route)]] == list(route)
        return None if followed else False
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

    def __init__(self, conn, engine: Engine, last: LastRun | None = None) -> None:
        self.conn, self.engine, self.last = conn, engine, last
        self.batch: list = []
        self.since = 0.0
        self.sides: set = set(engine.stats.branch_sides)     # the coordinator's own, and those sent
        self.told = engine.stats.runs       # runs the coordinator knows of (as test cases or counted)
        self.pending = getattr(engine.searcher, "pending", None)   # candidates held (regions: steps untaken)

    def on_run_start(self, inputs) -> None:
        if self.batch and time.monotonic() - self.since >= self.WAIT:
            self.flush()
        if self.last is not None:
            self.last.write(inputs)

    def on_run_end(self) -> None:
        if self.last is not None:
            self.last.clear()

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
        silent = self.engine.stats.runs - self.told - len(batch)    # runs that are no test case (LATEST's abstract ones)
        self.told += silent + len(batch)
        if batch or new or learned or silent:
            extra = {"sides": new, "news": learned, "silent": silent}
            try:
                self.conn.send(("tests", (batch, extra)))      # pickled whole before a byte is written
            except Exception:  # noqa: BLE001 - whatever a returned value's pickling raises
                self.conn.send(("tests", ([(portable(t), *facts) for t, *facts in batch], extra)))

    def send(self, kind: str, body) -> None:
        self.flush()
        self.conn.send((kind, body))


def portable(test: TestCase) -> TestCase:
    """The test case as it can cross a pipe: a returned value that cannot be pickled
    travels as its repr (the report shows it; the emitted test then checks the type).
    One that pickles but does not load back (`codecs.CodecInfo`) counts as one that
    cannot be pickled: the receiving end would fail."""
    try:
        pickle.loads(pickle.dumps(test))
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
    the jobs it took (the whole search from the first run, or a replayed run and
    its branch).
    Its fallback is not confined: a subtree's path constraint is exact only where no
    value was concretized, and the fallback runs precisely where one was (p86: the
    bug lies beside the first run's path, in no subtree), so a fallback may search
    again what another worker searched, never miss what one process would try."""

    def __init__(self, engine: Engine, out) -> None:
        super().__init__(engine)
        self.out = out
        self.given: set = set()    # (node, side) of the candidates given away: a job may bring one back

    def give(self) -> list[Job]:
        return give_half(self.engine.searcher, self.given)

    def take(self, job: Job) -> None:
        e, o = self.engine, self.engine.options
        self.active = True
        if job.start:
            e._run(dict(job.assignment), None)
            return
        if inputs_key(job.assignment) in e.avoid:
            e.stats.complete = False    # its replay killed a worker: its subtrees are not run
            return
        self.out.on_run_start(job.assignment)
        result = execute(e.target, dict(job.assignment), timeout=o.per_run_timeout, max_depth=o.max_depth,
                         strict=o.strict, policy=e.policy, options=o, sandbox=e.sandbox,
                         memory_mb=o.per_run_memory)
        self.out.on_run_end()
        self.out.send("replay", None)
        for index in (job.index, *job.more):
            if not result.complete or push_job(e.searcher, result.path, dict(job.assignment), index,
                                               self.given, job.route) is False:
                # The replay left the job's path (a divergence): its subtree is not run.
                e.stats.complete = False
                e.stats.divergences += 1


class RegionJobs(RegionWork):
    """A worker's regions (engine/regions.py), spoken in jobs."""

    def give(self) -> list[Job]:
        return [Job({}, -1, region=r) for r in super().give()]

    def take(self, job: Job) -> None:
        super().take(job.region)


def work_loop(conn, coordinator: Engine, share: str, solver_factory, cpu0: float = 0.0,
              last: LastRun | None = None) -> None:
    """A worker process: take jobs, explore their subtrees (`share` FLIPS) or regions
    (REGIONS) with the strategy's own searcher, or make the random restarts
    (RESTARTS); answer "split" and "stop", pass on what the call policy learned.
    `coordinator` is the coordinator's engine as this process was forked from it (its
    searcher's tree holds an earlier deepening round's runs at most: the coordinator
    runs no target), or a Ray actor's own (`cpu0`: its CPU seconds before).  `last`:
    where a forked worker keeps the inputs of the run it is making."""
    solver, solver_stats = solver_factory()
    target, o, searcher = coordinator.target, coordinator.options, coordinator.searcher
    engine = Engine(target, o, searcher=searcher, solver=solver, solver_stats=solver_stats,
                    policy=coordinator.policy, handler=None, sandbox=coordinator.sandbox)
    engine.side_keys = True
    engine.avoid = set(coordinator.avoid)      # inputs two workers died in before this one was forked
    forked = getattr(engine.policy, "forked", None)
    if forked is not None:
        forked()        # e.g. SMART: its own store connection, its counts from zero
    out = engine.handler = Outbox(conn, engine, last)
    if share == RESTARTS:
        work = _Restarts(engine)
        out.pending = lambda: 0
    elif share == REGIONS:
        work = RegionJobs(engine, Cuts(engine.inputs))
        out.pending = lambda: len(work.cuts.heap)
    else:
        work = _FlipWork(engine, out)
    probe = engine.probe = _LateProbe(BoundProbe(target.params, o, 0, True, solver, solver_stats))   # a bound that cuts a path clears complete
    said_idle = True      # the coordinator knows a new worker holds no job
    probing = False       # it said "idle" with probes to make: it says "probed" when they are made
    idle = 0.0            # seconds waiting with nothing to run, once the first job came
    started = None
    heard: list = []      # what other workers learned, told while a candidate of ours was chosen
    while True:
        if heard and getattr(work, "next", None) is None:
            # Between candidates only: a side another worker ran, learned between our
            # choice of a candidate and its run, would make that run look diverged.
            for body in heard:
                learn(engine.policy, body)
            heard = []
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
            heard.append(body)
        elif kind == "paths":       # the signatures of every path so far (a worker not forked from there)
            engine.signatures.update(body)
        elif kind == "avoid":       # inputs two workers died in: the target kills its process there
            engine.avoid.update(body)
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
        *above, (site, flipped) = cand.expect
        route = (*((s.key, t) for s, t in above), (site.key, not flipped))
        if job is None:
            by_run[key] = Job(dict(cand.assignment), index, route=route)
        else:
            by_run[key] = replace(job, more=(*job.more, index), route=max(job.route, route, key=len))
    return list(by_run.values())


def summary(engine: Engine) -> dict:
    """A worker's last word: its search's completeness and counts (and its call policy's)."""
    stats, probe = engine.stats, engine.probe
    counts = getattr(engine.policy, "counts", None)
    return {"complete": stats.complete, "divergences": stats.divergences, "cut": bool(probe and probe.cut),
            "concretizations": dict(stats.concretizations), "solver": stats.solver.as_dict(),
            "fallback_runs": stats.fallback_runs, "fallback_why": stats.fallback_why, "policy": counts() if counts is not None else None}


FLIPS = "flips"            # the `share` of a worker that searches subtrees (a flip-based search)
REGIONS = "regions"        # of one that searches regions of the inputs (engine/regions.py)
RESTARTS = "restarts"      # of the one that makes the random restarts of an incomplete search


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
