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
the portfolio, interleaved, generational).

    coordinator (the round's engine)             worker k (forked before any run of the round)
    ────────────────────────────────             ─────────────────────────────────────────────
    draws the first run's inputs: a start job    start ─► first run, search the whole tree
    an idle worker gets a job; with none left,   job ─► replay, flip j ─► search the subtree
      the busiest workers split ("split")        runs ─► ("tests", batch) to the coordinator
    a worker dies ─► a fresh fork gets its jobs  "split" ─► half its candidates, as jobs
    budget, deepen or exhausted ─► "stop"        nothing left ─► "idle", then its bound probes

The coordinator runs no target (the issue's isolation): a target that kills its
process costs a worker, and the inputs of the run it died in (`worker.LastRun`)
are not run again once a second worker died in them.

The coordinator owns the report: test cases reach the handlers (the run directory,
progress) as batches arrive, a bug at once, and the coordinator alone decides which
runs followed new paths.  A worker that dies costs the runs it had not sent; the
subtrees it held are run again by its replacement (once).  `--workers 1` never comes
here: it is the single-process engine.  The worker's side is engine/worker.py; SMART
and demand-driven search are split by regions of the inputs instead (engine/regions.py),
and Ray actors are workers too (engine/distributed.py).
"""
from __future__ import annotations

import multiprocessing
import selectors
import time
from dataclasses import replace

from smartest.engine.budget import Budget
from smartest.engine.isolation import interrupted_by_user
from smartest.engine.loop import Engine, ExplorationStats, inputs_key
from smartest.engine.regions import Region, known, learn
from smartest.engine.testcase import TestCase
from smartest.engine.worker import FLIPS, REGIONS, RESTARTS, Job, LastRun, work_loop


class _Blame:
    """Which inputs kill the target's process.  A forked worker leaves the inputs of
    the run it is making (`worker.LastRun`); but a worker killed from outside mid-run
    leaves some too, so inputs are blamed only when a second worker dies in their run
    (the target is deterministic).  Blamed inputs are not run again: every worker is
    told (`Engine.avoid`), and those forked later inherit them."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.suspects: list[dict] = []
        self.blamed: list[dict] = []
        self.deaths = 0         # workers that died in a run whose inputs they left: runs, counted

    def died(self, inputs: dict | None, co: _Coordinator) -> str:
        """What a worker's death in a run of `inputs` taught: "suspect", "blamed" or ""."""
        if inputs is None or inputs in self.blamed:
            return ""
        self.deaths += 1
        co.stats.runs += 1
        if inputs not in self.suspects:
            self.suspects.append(inputs)
            return "suspect"
        self.blamed.append(inputs)
        key = inputs_key(inputs)
        self.engine.avoid.add(key)
        for k, conn in enumerate(co.conns):
            if k not in co.gone and not conn.closed:
                try:
                    conn.send(("avoid", [key]))
                except OSError:
                    pass        # it died too: its replacement is forked with them
        return "blamed"

    def report(self) -> list[dict]:
        return [{name: repr(value) for name, value in inputs.items()} for inputs in self.blamed]


class _Coordinator:
    """Hands out jobs, asks for splits, gathers test cases and the workers' last word.

    A worker that dies (its target killed it, the kernel's OOM killer, a kill -9)
    takes with it the subtrees it held; the coordinator knows which jobs those were
    (every job it handed that worker since it last said "idle") and hands each out
    once more, to a worker forked in its place.  A job whose second worker dies too
    is given up (its target kills whoever runs it), unless the deaths taught which
    inputs kill (`_Blame`): it then goes out again, and they are not run.  Either
    way the search is not complete."""

    RESPAWNS = 4        # replacement workers per worker slot, at most

    def __init__(self, spawn, workers: int, engine: Engine, jobs: list[Job], blame: _Blame | None = None) -> None:
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
        self.blame = blame or _Blame(engine)

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
            self.stats.runs += extra["silent"]
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
        """Worker i is gone without a last word: its jobs go out again, once each, or
        (when it died in a run whose inputs it left: the target killed it) as often
        as each time brings inputs to avoid that the job did not avoid yet."""
        self.lost += 1
        self.selector.unregister(self.conns[i])
        self.conns[i].close()
        self.asked.discard(i)
        if i in self.last:          # what it reported of the subtrees it finished stays
            self.retired.append(self.last.pop(i))
        last = getattr(self.procs[i], "last", None)
        learned = self.blame.died(last.read() if last is not None else None, self)
        again = [job for job in (self._again(held, learned) for held in self.held[i]) if job is not None]
        self.abandoned += len(self.held[i]) - len(again)
        self.retried += len(again)
        self.held[i], self.idle[i], self.pending[i] = [], True, 0
        self.unprobed |= self.probing[i]
        self.probing[i] = False
        if final or self.respawns >= self.RESPAWNS * len(self.conns):
            self.gone.add(i)
            self.jobs.extend(again)     # a worker that ran other subtrees may not take them back: incomplete
            return
        # The replacement is forked from the coordinator: its tree holds no run of
        # this round, so a subtree the dead worker held (or was given, then gave part
        # of away) is whole in it once replayed; the jobs go to it first.
        self.respawns += 1
        self.conns[i], self.procs[i] = self.spawn()
        self.fresh[i] = True
        self.selector.register(self.conns[i], selectors.EVENT_READ, i)
        self.retry[i] = again

    def _again(self, job: Job, learned: str) -> Job | None:
        """A job its worker died with, for the next worker, or None: it died twice and
        neither death taught which inputs kill (`_Blame`).  A start job begins from
        fresh random inputs once inputs are blamed (its own first run's may be them)."""
        if not learned:
            return None if job.tries else replace(job, tries=1)
        if learned == "blamed" and job.start:
            first = self.engine.draw()
            job = replace(job, assignment=first, region=job.region and Region((), first))
        return job

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
    (engine/regions.py).  `engine` is the round's engine: it draws the first run's
    inputs (a worker makes the run: the coordinator runs no target), and its tests,
    paths and counts gather every worker's; its bound probe (iterative
    deepening) decides when the round yields to a deeper one, the workers' own probes
    whether a bound cut a path.  `spawner(share)`: a function that starts a worker
    and returns its end of the connection and a handle of its process, for workers
    that are not forked from here (Ray actors, engine/distributed.py: they are told
    this process's summaries, and leave no inputs of a run they die in).
    Returns the statistics and a report section."""
    options, stats = engine.options, engine.stats
    budget = Budget(options.max_runs, options.time_limit, options.max_bugs, engine.deadline)
    cpu, runs = time.process_time(), stats.runs
    engine.side_keys = True     # the workers' branch sides arrive as keys
    stats.branch_sides = {(getattr(site, "key", site), taken) for site, taken in stats.branch_sides}
    forked = spawner is None
    share = REGIONS if hasattr(engine.searcher, "restart") else FLIPS
    jobs = [] if budget.exhausted(stats.runs) else [start_job(engine, share)]
    ctx = multiprocessing.get_context("fork")

    def spawn():
        if not forked:
            conn, proc = spawner(share)
            conn.send(("summaries", known(engine.policy)))     # what this process learned before it
            conn.send(("avoid", list(engine.avoid)))            # inputs that kill the target's process
            if share == RESTARTS:
                conn.send(("paths", list(engine.signatures)))   # what counts as a new path
            return conn, proc
        parent, child = ctx.Pipe()
        last = LastRun()
        proc = ctx.Process(target=work_loop, args=(child, engine, share, solver_factory, 0.0, last), daemon=True)
        proc.start()
        proc.last = last
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
    tail, lost = stats.runs, co.lost
    if reason == "exhausted" and not searched:
        # Not complete: random restarts, as one process makes them (engine/loop.py), in a
        # worker (a target that kills its process costs the worker), which judges "new
        # path" against every path so far (it is forked now, with all their signatures).
        share = RESTARTS     # what `spawn` starts from now on
        restarts = _Coordinator(spawn, 1, engine, [Job({}, -1)], co.blame)
        why, last = _drive(restarts, budget, None)
        lost += restarts.lost
        add_finals(stats, last)
        finals += last
        stats.stop_reason = "stalled" if why == "exhausted" else why
    stats.time_s += budget.elapsed
    # CPU seconds: the coordinator's own (its first run included), the workers' (each
    # process's whole life, its start-up included), and the workers' seconds idle.
    return stats, {"workers": workers, "lost_workers": lost, "retried_jobs": co.retried,
                   "abandoned_jobs": co.abandoned, "peak_frontier": co.peak_frontier, "splits": co.splits,
                   "summaries_shared": co.shared, "restart_runs": stats.runs - tail,
                   "killed_runs": co.blame.deaths, "killing_inputs": co.blame.report(),
                   "cut": co.cut or any(f.get("cut") for f in finals), "runs": stats.runs - runs,
                   "coordinator_cpu_s": round(time.process_time() - cpu, 4),
                   "worker_cpu_s": round(sum(f.get("cpu_s", 0.0) for f in finals), 4),
                   "worker_idle_s": round(sum(f.get("idle_s", 0.0) for f in finals), 4)}


def start_job(engine: Engine, share: str) -> Job:
    """The whole search as one job: a first run of the inputs one process would draw
    for its own, then the strategy's search from it (the other workers get theirs by
    splits)."""
    first = engine.draw()
    return Job(first, -1, start=True, region=Region((), first) if share == REGIONS else None)


def _drive(co: _Coordinator, budget: Budget, probe) -> tuple[str, list[dict]]:
    """Hand out jobs and gather what comes back until the budget is spent, the round
    yields to a deeper one (`probe`), or no job is left and every worker is idle;
    then stop the workers.  The reason, and each worker slot's last summary."""
    reason = ""
    try:
        while True:
            reason = budget.exhausted(co.stats.runs, co.stats.bugs)
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

def merge_rounds(earlier: dict, section: dict) -> dict:
    """One report section over every deepening round: counts and seconds add up, the
    frontier's peak is the highest, `cut` is the last round's."""
    merged = {**section, "peak_frontier": max(earlier["peak_frontier"], section["peak_frontier"]),
              "rounds": earlier.get("rounds", 1) + 1}
    merged["killing_inputs"] = [*earlier.get("killing_inputs", []),
                                *(k for k in section.get("killing_inputs", []) if k not in earlier.get("killing_inputs", []))]
    for key in ("lost_workers", "retried_jobs", "abandoned_jobs", "splits", "runs", "coordinator_cpu_s", "killed_runs",
                "worker_cpu_s", "worker_idle_s", "summaries_shared", "restart_runs"):
        merged[key] = round(earlier.get(key, 0) + section.get(key, 0), 4)
    return merged
