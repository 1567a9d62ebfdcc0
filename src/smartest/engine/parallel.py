"""One exploration, several worker processes: the execution tree split into disjoint
subtrees, after Cloud9 (Bucur et al., EuroSys'11).

A flip-based search needs nothing from other subtrees: the candidate that negates
branch j of a run stands for every path that shares the run's first j decisions and
differs at the j-th, and the candidates of one run cover the whole tree beside that
run.  So a subtree travels between processes as a **job**: the plain inputs of a run
that reached its root and the indices j to negate.  The worker that takes it runs
those inputs again (the target is deterministic, so it gets the same path and its
terms, with nothing to serialize), negates branch j and explores below it, never
above, with the strategy's own searcher (`search.protocol.Splittable`: DART's DFS,
interleaved, generational).

    coordinator (the round's engine)             worker k (forked: target and first run's tree)
    ────────────────────────────────             ─────────────────────────────────────────────
    first run ─► one job per candidate of it     job ─► replay, flip j ─► search the subtree
    an idle worker gets a job; with none left,   runs ─► ("tests", batch) to the coordinator
      the busiest workers split ("split")        "split" ─► half its candidates, as jobs
    a worker dies ─► a fresh fork gets its jobs  nothing left ─► "idle", then its bound probes
    budget, deepen or exhausted ─► "stop"

The coordinator owns the report: test cases reach the handlers (the run directory,
progress) as batches arrive, a bug at once, and the coordinator alone decides which
runs followed new paths.  A worker that dies costs the runs it had not sent; the
subtrees it held are run again by its replacement (once).  `--workers 1` never comes
here: it is the single-process engine.
"""
from __future__ import annotations

import multiprocessing
import pickle
import selectors
import time
from dataclasses import dataclass, replace

from smartest.engine.budget import Budget
from smartest.engine.deepening import BoundProbe
from smartest.engine.execute import execute
from smartest.engine.isolation import interrupted_by_user
from smartest.engine.loop import Engine, ExplorationStats
from smartest.engine.regions import Confined, Cuts, Region, RegionWork, known, learn, news
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


class _Outbox:
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
                self.conn.send(("tests", ([(_portable(t), *facts) for t, *facts in batch], extra)))

    def send(self, kind: str, body) -> None:
        self.flush()
        self.conn.send((kind, body))


def _portable(test: TestCase) -> TestCase:
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
        return _give_half(self.engine.searcher, self.given)

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


class _RegionWork(RegionWork):
    """A worker's regions (engine/regions.py), spoken in jobs."""

    def give(self) -> list[Job]:
        return [Job({}, -1, region=r) for r in super().give()]

    def take(self, job: Job) -> None:
        if job.seed is not None:    # the coordinator's own search, confined to what it kept
            super().take(None, job.region.constraints)
        else:
            super().take(job.region)


def _worker(conn, coordinator: Engine, seeds, solver_factory, cpu0: float = 0.0) -> None:
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
    out = engine.handler = _Outbox(conn, engine)
    if seeds == _RESTARTS:      # (a Ray actor's seeds arrive pickled: equal, not the same object)
        work = _Restarts(engine)
        out.pending = lambda: 0
    elif seeds == _REGIONS or isinstance(seeds, RegionWork):
        # the coordinator's regions, as forked (a job says which to search), or fresh ones
        work = seeds if isinstance(seeds, RegionWork) else _RegionWork(engine, Cuts(engine.inputs))
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
            out.send("idle", {**_summary(engine), "cpu_s": time.process_time() - cpu0, "idle_s": idle,
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
        out.send("done", {**_summary(engine), "cpu_s": time.process_time() - cpu0, "idle_s": idle})
    except OSError:
        pass        # the search was exhausted: the coordinator has our "idle" summary and went on


def _give_half(searcher: Splittable, given: set) -> list[Job]:
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


def _summary(engine: Engine) -> dict:
    """A worker's last word: its search's completeness and counts (and its call policy's)."""
    stats, probe = engine.stats, engine.probe
    counts = getattr(engine.policy, "counts", None)
    return {"complete": stats.complete, "divergences": stats.divergences, "cut": bool(probe and probe.cut),
            "concretizations": dict(stats.concretizations), "solver": stats.solver.as_dict(),
            "fallback_runs": stats.fallback_runs, "fallback_why": stats.fallback_why, "policy": counts() if counts is not None else None}


class _Coordinator:
    """Hands out jobs, asks for splits, gathers test cases and the workers' last word.

    A worker that dies (its target killed it, the kernel's OOM killer, a kill -9)
    takes with it the subtrees it held; the coordinator knows which jobs those were
    (every job it handed that worker since it last said "idle") and hands each out
    once more, to a worker forked in its place.  A job whose second worker dies too
    is given up (its target kills whoever runs it): the search is then not complete."""

    RESPAWNS = 4        # replacement workers per worker slot, at most

    def __init__(self, spawn, workers: int, engine: Engine, jobs: list[Job]) -> None:
        self.spawn, self.engine, self.stats, self.jobs = spawn, engine, engine.stats, jobs
        self.conns, self.procs = [], []
        for i in range(workers):
            conn, proc = spawn()
            self.conns.append(conn)
            self.procs.append(proc)
        self.selector = selectors.DefaultSelector()
        for i, conn in enumerate(self.conns):
            self.selector.register(conn, selectors.EVENT_READ, i)
        self.idle = [True] * workers        # holds no job
        self.fresh = [True] * workers       # its process was never handed a job: it has nothing to report
        self.held: list[list[Job]] = [[] for _ in range(workers)]   # jobs handed out since its last "idle"
        self.pending = [0] * workers        # candidates each worker held at its last run
        self.probing = [False] * workers    # bound probes of finished subtrees not yet made
        self.unprobed = False               # a worker died with such probes: a cut may be unseen
        self.splits = 0                     # subtrees workers gave away
        self.retry: list[list[Job]] = [[] for _ in range(workers)]  # a dead worker's jobs, for its replacement
        self.asked: set[int] = set()        # asked to split, no answer yet
        self.last: dict[int, dict] = {}     # worker -> its latest summary (kept over a replacement)
        self.gone: set[int] = set()         # said "done", or died with no replacement
        self.lost = 0                       # workers that died
        self.retried = 0                    # jobs handed out again after their worker died
        self.abandoned = 0                  # jobs given up: their second worker died too
        self.respawns = 0
        self.retired: list[dict] = []       # the last summaries of workers that died
        self.peak_frontier = len(jobs)
        self.cut = False                    # some worker's bound probe found a path the bounds cut
        self.shared = 0                     # messages of new summaries passed on to the other workers

    def poll(self, timeout: float) -> None:
        """Receive every message waiting (up to a wait of `timeout` seconds for the first)."""
        for key, _ in self.selector.select(timeout):
            i = key.data
            self.receive(i)
            while i not in self.gone and self.conns[i] is key.fileobj and key.fileobj.poll():
                self.receive(i)

    def receive(self, i: int, final: bool = False) -> None:
        try:
            kind, body = self.conns[i].recv()
        except (EOFError, OSError):
            self._died(i, final)
            return
        if kind == "tests":
            batch, extra = body
            self.stats.branch_sides.update(extra["sides"])
            if extra["news"]:
                self._learned(i, extra["news"])
            for test in batch:
                self._test(i, *test)
        elif kind == "replay":
            self.stats.runs += 1
        elif kind == "jobs":
            self.asked.discard(i)
            self.splits += len(body)
            self.pending[i] = max(0, self.pending[i] - sum(1 + len(j.more) for j in body))
            self.jobs[:0] = body[::-1]  # the queue's end goes first: the shallowest of these, after any waiting
        elif kind == "cut":
            self.cut = True
            for k in range(len(self.conns)):
                if k != i and k not in self.gone:
                    self.conns[k].send(("cut", None))
        elif kind == "idle":
            self.asked.discard(i)
            self.idle[i], self.held[i], self.pending[i] = True, [], 0
            self.probing[i] = body.pop("probing", False)
            self.last[i] = body
        elif kind == "probed":
            self.probing[i] = False
        elif kind == "done":
            self.last[i] = body
            self.gone.add(i)

    def _learned(self, i: int, what) -> None:
        """What worker i's call policy learned: the coordinator's policy takes it (its
        report, its store), and every other worker gets what was new."""
        fresh = learn(self.engine.policy, what)
        if fresh:
            for k in range(len(self.conns)):
                if k != i and k not in self.gone:
                    try:
                        self.conns[k].send(("summaries", fresh))
                    except OSError:
                        pass        # it died: its replacement is forked with the coordinator's
        self.shared += bool(fresh)

    def _died(self, i: int, final: bool) -> None:
        """Worker i is gone without a last word: its jobs go out again, once each."""
        self.lost += 1
        self.selector.unregister(self.conns[i])
        self.conns[i].close()
        self.asked.discard(i)
        if i in self.last:          # what it reported of the subtrees it finished stays
            self.retired.append(self.last.pop(i))
        again = [replace(job, tries=1) for job in self.held[i] if not job.tries]
        self.abandoned += len(self.held[i]) - len(again)
        self.retried += len(again)
        self.held[i], self.idle[i], self.pending[i] = [], True, 0
        self.unprobed |= self.probing[i]
        self.probing[i] = False
        if final or self.respawns >= self.RESPAWNS * len(self.conns):
            self.gone.add(i)
            self.jobs.extend(again)     # a worker that ran other subtrees may not take them back: incomplete
            return
        # The replacement is forked from the coordinator: its tree holds the first run
        # only, so a subtree the dead worker held (or was given, then gave part of away)
        # is whole in it; the jobs go to it first.
        self.respawns += 1
        self.conns[i], self.procs[i] = self.spawn()
        self.fresh[i] = True
        self.selector.register(self.conns[i], selectors.EVENT_READ, i)
        self.retry[i] = again

    def _test(self, i: int, test: TestCase, signature: int, pending: int) -> None:
        """A worker's run: a new path only if no process ran it (the engine's rule, over all).
        `pending`: the candidates the worker holds after it."""
        e, stats = self.engine, self.stats
        self.pending[i] = pending
        stats.runs += 1
        new = signature not in e.signatures
        if new:
            e.signatures.add(signature)
            stats.paths = len(e.signatures)
        test = replace(test, index=len(e.tests), new_path=new)
        e.tests.append(test)
        stats.bugs += test.bug
        frontier = self.waiting() + sum(self.pending)
        self.peak_frontier = max(self.peak_frontier, frontier)
        stats.parallel = {"busy": len(self.busy()), "workers": len(self.conns), "waiting": self.waiting(),
                          "frontier": frontier, "pid": self.procs[i].pid}     # the worker that ran it
        if e.handler is not None:
            e.handler.on_test(test, stats)

    def dispatch(self) -> None:
        live = [i for i in range(len(self.conns)) if i not in self.gone]
        for i in live:
            if self.idle[i] and (self.retry[i] or self.jobs):
                job = (self.retry[i] or self.jobs).pop()
                self.conns[i].send(("job", job))
                self.idle[i] = self.fresh[i] = False
                self.held[i].append(job)
        if self.waiting() or not any(self.idle[i] for i in live):
            return
        # Workers wait: as many busy workers split, those holding the most candidates first.
        need = sum(self.idle[i] for i in live) - len(self.asked)
        if need > 0:
            busy = sorted((i for i in live if not self.idle[i] and i not in self.asked), key=lambda k: -self.pending[k])
            for i in busy[:need]:
                self.conns[i].send(("split", None))
                self.asked.add(i)

    def waiting(self) -> int:
        return len(self.jobs) + sum(len(r) for r in self.retry)

    def busy(self) -> list[int]:
        """Workers running a subtree or making the bound probes of finished ones."""
        return [i for i in range(len(self.conns)) if i not in self.gone and (not self.idle[i] or self.probing[i])]

    def finish(self, exhausted: bool) -> list[dict]:
        """Stop every worker, gather their last words; the summary of each slot.  When
        the search is exhausted every worker is idle and its "idle" summary is its last
        word, so the coordinator does not wait for the processes to end."""
        for i in range(len(self.conns)):
            if i not in self.gone:
                try:
                    self.conns[i].send(("stop", None))
                except OSError:
                    self.gone.add(i)
        deadline = time.monotonic() + 10
        for i in range(len(self.conns)):
            while not exhausted and i not in self.gone and self.conns[i].poll(max(0.0, deadline - time.monotonic())):
                self.receive(i, final=True)
        for i, proc in enumerate(self.procs):
            self.conns[i].close()
            proc.join(timeout=0 if exhausted else 1)
            if not exhausted and proc.is_alive():
                proc.kill()
        self.selector.close()
        # A slot with no last word: its worker never had a job, or died (what it held
        # was retried or is counted in `abandoned`), or did not answer "stop" (what it
        # did is unknown).
        return self.retired + [self.last.get(i, {"complete": self.fresh[i] or i in self.gone})
                               for i in range(len(self.conns))]


def _seeds(searcher: Splittable) -> list:
    """Empty the searcher's frontier after the first run, in the order it would have
    run it reversed (jobs are popped from the end): each candidate becomes a job."""
    seeds = []
    while (cand := searcher.select()) is not None:
        seeds.append(cand)
    return seeds[::-1]


def add_finals(stats: ExplorationStats, finals: list[dict]) -> None:
    """Add the workers' divergences, concretizations and solver counts to the coordinator's."""
    for f in finals:
        stats.divergences += f.get("divergences", 0)
        stats.fallback_runs += f.get("fallback_runs", 0)
        stats.fallback_why = stats.fallback_why or f.get("fallback_why", "")
        for key, n in f.get("concretizations", {}).items():
            stats.concretizations[key] += n
        for key, n in f.get("solver", {}).items():
            if hasattr(stats.solver, key):
                setattr(stats.solver, key, getattr(stats.solver, key) + n)


def explore_parallel(engine: Engine, workers: int, *, solver_factory, spawner=None) -> tuple[ExplorationStats, dict]:
    """Explore with `workers` processes, each running the engine's own (Splittable)
    searcher below the subtrees it is given, or its searcher confined to regions
    (engine/regions.py).  `engine` is the round's engine: its first run is made here,
    and its tests, paths and counts gather every worker's; its bound probe (iterative
    deepening) decides when the round yields to a deeper one, the workers' own probes
    whether a bound cut a path.  `spawner(seeds)`: a function that starts a worker
    and returns its end of the connection and a handle of its process, for workers
    that are not forked from here (Ray actors, engine/distributed.py: they get no
    seed job and no share of this process's search, and are told its summaries).
    Returns the statistics and a report section."""
    options, stats = engine.options, engine.stats
    budget = Budget(options.max_runs, options.time_limit)
    cpu, runs = time.process_time(), stats.runs
    engine.side_keys = True     # the workers' branch sides arrive as keys
    stats.branch_sides = {(getattr(site, "key", site), taken) for site, taken in stats.branch_sides}
    forked = spawner is None
    if hasattr(engine.searcher, "restart"):
        seeds, jobs = _prelude(engine, workers, budget, forked)
    else:
        if not budget.exhausted(stats.runs):
            engine._random_run()
        seeds = _seeds(engine.searcher)
        if forked:
            jobs = [Job(dict(c.assignment), c.origin[2], k) for k, c in enumerate(seeds)]
        else:       # one replay of the first run serves every subtree beside it
            jobs = [Job(dict(seeds[-1].assignment), seeds[-1].origin[2], more=tuple(c.origin[2] for c in seeds[-2::-1]))
                    ] if seeds else []
    ctx = multiprocessing.get_context("fork")

    def spawn():
        if not forked:
            conn, proc = spawner(seeds)
            conn.send(("summaries", known(engine.policy)))     # what this process learned before it
            if seeds == _RESTARTS:
                conn.send(("paths", list(engine.signatures)))   # what counts as a new path
            return conn, proc
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_worker, args=(child, engine, seeds, solver_factory), daemon=True)
        proc.start()
        child.close()
        return parent, proc

    co = _Coordinator(spawn, workers if jobs else 0, engine, jobs)
    reason, finals = _drive(co, budget, engine.probe)
    stats.stop_reason = reason
    searched = stats.complete and all(f["complete"] for f in finals)   # no run concretized, diverged...
    stats.complete = reason == "exhausted" and searched and co.abandoned == 0 and not co.unprobed
    add_finals(stats, finals)
    absorb = getattr(engine.policy, "absorb", None)
    if absorb is not None:
        for f in finals:
            absorb(f.get("policy"))     # the workers' counts of summarized and explored calls
    tail = stats.runs
    if reason == "exhausted" and not searched:
        # Not complete: random restarts, as one process makes them (engine/loop.py), in a
        # worker (a target that kills its process costs the worker), which judges "new
        # path" against every path so far (it is forked now, with all their signatures).
        seeds = _RESTARTS     # what `spawn` forks from now on
        restarts = _Coordinator(spawn, 1, engine, [Job({}, -1)])
        why, last = _drive(restarts, budget, None)
        add_finals(stats, last)
        finals += last
        stats.stop_reason = "stalled" if why == "exhausted" else why
    stats.time_s += budget.elapsed
    # CPU seconds: the coordinator's own (its first run included), the workers' (each
    # process's whole life, its start-up included), and the workers' seconds idle.
    return stats, {"workers": workers, "lost_workers": co.lost, "retried_jobs": co.retried,
                   "abandoned_jobs": co.abandoned, "peak_frontier": co.peak_frontier, "splits": co.splits,
                   "summaries_shared": co.shared, "restart_runs": stats.runs - tail,
                   "cut": co.cut or any(f.get("cut") for f in finals), "runs": stats.runs - runs,
                   "coordinator_cpu_s": round(time.process_time() - cpu, 4),
                   "worker_cpu_s": round(sum(f.get("cpu_s", 0.0) for f in finals), 4),
                   "worker_idle_s": round(sum(f.get("idle_s", 0.0) for f in finals), 4)}


def _prelude(engine: Engine, workers: int, budget: Budget, forked: bool) -> tuple[RegionWork | str, list[Job]]:
    """Regions (engine/regions.py): the coordinator searches alone until its searcher is
    settled and its runs leave a step untaken for each other worker; each step becomes
    a region job, and the rest of its own search the first job (seed 0: the worker
    that takes it goes on with the searcher as forked).  A search this small that it
    ends alone needs no worker."""
    work = _RegionWork(engine, Cuts(engine.inputs))
    work.active = True
    if not budget.exhausted(engine.stats.runs):
        engine._random_run()
    while not budget.exhausted(engine.stats.runs) and work.pending():
        if getattr(engine.searcher, "settled", True) and len(work.cuts.heap) >= workers - 1:
            break
        work.step()
    if not work.pending():
        return work, []
    jobs = [job for _ in range(workers - 1) for job in work.give()]
    if not forked:      # a worker that is not forked from here searches what is left afresh
        return _REGIONS, [Job({}, -1, region=Region(work.region, {})), *jobs[::-1]]
    return work, [Job({}, -1, seed=0, region=Region(work.region, {})), *jobs[::-1]]


def _drive(co: _Coordinator, budget: Budget, probe) -> tuple[str, list[dict]]:
    """Hand out jobs and gather what comes back until the budget is spent, the round
    yields to a deeper one (`probe`), or no job is left and every worker is idle;
    then stop the workers.  The reason, and each worker slot's last summary."""
    reason = ""
    try:
        while True:
            reason = budget.exhausted(co.stats.runs)
            if not reason and probe is not None and probe.should_yield(co.stats.runs):
                reason = "deepen"   # its share of the budget is spent: the next round raises the bounds
            if reason:
                break
            co.dispatch()
            if not co.busy() and (not co.waiting() or len(co.gone) == len(co.conns)):
                co.abandoned += co.waiting()    # every worker slot died too often: nothing can run them
                reason = "exhausted"
                break
            co.poll(timeout=0.5)
    except BaseException as e:
        if not interrupted_by_user(e):
            raise
        reason = "interrupted"
    finally:
        finals = co.finish(reason == "exhausted")
    return reason, finals


_RESTARTS = "restarts"      # the `seeds` of the worker that makes the random restarts
_REGIONS = "regions"        # of a worker not forked from here that searches regions


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


def merge_rounds(earlier: dict, section: dict) -> dict:
    """One report section over every deepening round: counts and seconds add up, the
    frontier's peak is the highest, `cut` is the last round's."""
    merged = {**section, "peak_frontier": max(earlier["peak_frontier"], section["peak_frontier"]),
              "rounds": earlier.get("rounds", 1) + 1}
    for key in ("lost_workers", "retried_jobs", "abandoned_jobs", "splits", "runs", "coordinator_cpu_s",
                "worker_cpu_s", "worker_idle_s", "summaries_shared", "restart_runs"):
        merged[key] = round(earlier.get(key, 0) + section.get(key, 0), 4)
    return merged
