"""The parallel engine's subtree jobs explored by Ray actors on a cluster (`--ray
ADDRESS`, `auto` or `local`; `pip install 'smartest[ray]'`).

A Ray worker shares no memory with the coordinator, and starting one (a process that
imports smartest and z3) costs far more than a run, so the work goes to **actors**:
one long-lived process per CPU of the cluster, kept by this module between
explorations, each holding the loaded target, its solver and a depth-first stack.

    coordinator (this process)                   actor k (one per CPU)
    ──────────────────────────                   ─────────────────────
    first run ─► one job per branch of it        job ─► replay, flip j ─► DFS below it
    an idle actor gets a job; an actor whose     for at most one chunk (CHUNK_RUNS runs,
      chunk ended goes on with its own stack,      CHUNK_SECONDS), then ("end", stack size)
      asked to give `give` subtrees first if     test cases ─► streamed: a bug at once,
      others wait and no job is left               the others within FLUSH_SECONDS
    an actor that died ─► its stack is lost      ("jobs", ...) ─► its shallowest subtrees
      (not complete), a new actor takes its place

Each test case reaches the handlers (the run directory, progress) the moment its
batch arrives, so a node that dies loses the runs of at most FLUSH_SECONDS and never
a bug it found; what it had not explored yet is lost, and `complete` is then false.
"""
from __future__ import annotations

import os
import time
import uuid
from contextlib import ExitStack
from dataclasses import replace

from smartest.calls.inline import InlinePolicy
from smartest.calls.intercept import own_modules
from smartest.engine.budget import Budget
from smartest.engine.deepening import BoundProbe
from smartest.engine.execute import execute
from smartest.engine.isolation import interrupted_by_user
from smartest.engine.loop import Engine, ExplorationStats
from smartest.engine.parallel import Job, SubtreeSearcher, _portable, _summary, conclude, first_jobs
from smartest.engine.sandbox import Sandbox
from smartest.engine.target import Target, resolve
from smartest.engine.testcase import TestCase
from smartest.errors import InvalidArgument
from smartest.options import Options
from smartest.solver import build_solver_chain
from smartest.solving.names import for_exploration

CHUNK_RUNS = 200        # an actor reports back (and may give work away) after this many attempts
CHUNK_SECONDS = 0.2     # ... or after this long
SHORT_CHUNK = 5         # attempts per chunk while an actor waits for work
FLUSH_SECONDS = 0.05    # test cases without a bug wait at most this long in an actor
MAX_REPLACED = 8        # actors replaced per CPU before the coordinator gives up ("workers lost")


def _ray():
    try:
        import ray
    except ImportError:
        raise InvalidArgument("--ray needs Ray: pip install 'smartest[ray]'") from None
    return ray


class Explorer:
    """A Ray actor: keeps smartest, z3 and the target loaded between chunks and
    explorations (an exploration is named by its token), and the depth-first stack of
    the subtrees it was given.  It is also the engine's handler: test cases wait in
    `found` until the next flush."""

    def __init__(self) -> None:
        self.token = None
        self.held = ExitStack()     # what the current exploration installed (opaque functions, sandbox)

    def pid(self) -> int:
        return os.getpid()

    def _begin(self, token: str, spec: str, options: Options) -> None:
        self.cpu = time.process_time()
        self.held.close()
        self.held = ExitStack()
        self.token = None
        target = resolve(spec, options.default_type)
        sandbox = Sandbox(options.allow) if options.sandbox else None
        if sandbox is not None:
            self.held.callback(sandbox.close)
        self.held.enter_context(for_exploration(options, own_modules(target.is_own_file), target.module))
        solver, solver_stats = build_solver_chain(timeout_ms=options.solver_timeout_ms, rlimit=options.solver_rlimit,
                                                  max_str_len=options.max_str_len)
        self.searcher = SubtreeSearcher()
        self.engine = Engine(target, options, searcher=self.searcher, solver=solver, solver_stats=solver_stats,
                             policy=InlinePolicy(), handler=self, sandbox=sandbox)
        self.engine.probe = BoundProbe(target.params, options, 0, True, solver, solver_stats)   # a cut clears complete
        self.found: list[TestCase] = []
        self.unsent = 0     # runs not yet reported (replays and tests)
        self.seeds: list | None = None      # the first run's candidates, once replayed here
        self.token = token

    # -- the engine's handler --------------------------------------------------
    def on_run_start(self, inputs) -> None:
        pass

    def on_test(self, test: TestCase, stats) -> None:
        self.found.append(_portable(test))
        self.unsent += 1

    # -- work ------------------------------------------------------------------
    def _take(self, job: Job) -> None:
        """Put a job on the stack.  A job of the first run (`seed`) names its candidate
        there: the first run is replayed once in this actor (not reported: the
        coordinator has it), not once per job."""
        if job.seed is not None and self.seeds is None:
            self.engine.handler = None
            self.engine._run(dict(job.assignment), None)
            self.engine.handler = self
            self.unsent += 1
            self.seeds, self.searcher._stack = self.searcher._stack, []
        seeds = self.seeds or ()
        if job.seed is not None and job.seed < len(seeds) and seeds[job.seed].origin[2] == job.index:
            self.searcher._stack.append(seeds[job.seed])
        else:       # another job, or the first run went another way here
            self._replay(job)

    def _replay(self, job: Job) -> None:
        e, o = self.engine, self.engine.options
        result = execute(e.target, dict(job.assignment), timeout=o.per_run_timeout, max_depth=o.max_depth,
                         strict=o.strict, policy=e.policy, options=o, sandbox=e.sandbox, memory_mb=o.per_run_memory)
        self.unsent += 1
        e.stats.complete &= result.complete
        if not self.searcher.push_job(result.path, dict(job.assignment), job.index):
            e.stats.complete = False    # the replay left the job's path: its subtree was not searched

    def _split(self) -> Job | None:
        """The shallowest subtree of the stack as a job; one of the first run's keeps
        its seed number (the actor that takes it holds that candidate already, and its
        tree has the side marked pending: a replay could not take it)."""
        stack = self.searcher._stack
        first = stack[0] if len(stack) > 1 else None
        job = self.searcher.split()
        seeds = self.seeds or []
        for k, cand in enumerate(seeds):
            if cand is first:
                return replace(job, seed=k)
        return job

    def _batch(self) -> tuple:
        batch = ("tests", self.found, self.unsent)
        self.found, self.unsent = [], 0
        return batch

    def explore(self, token: str, spec: str, options: Options, jobs: list[Job], give: int, max_runs: int):
        """A chunk of work, streamed: ("jobs", subtrees given away), ("tests", test
        cases, runs), and last ("end", subtrees left on the stack, summary), or
        ("lost",) when asked to go on with a stack this process never held (it is a
        new actor in the place of one that died)."""
        if token != self.token:
            if not jobs:
                yield ("lost",)
                return
            self._begin(token, spec, options)
        if give:
            yield ("jobs", [j for j in (self._split() for _ in range(give)) if j is not None])
        for job in jobs:
            self._take(job)
        start = last = time.monotonic()
        attempts = 0
        while len(self.searcher) and attempts < max_runs and time.monotonic() - start < CHUNK_SECONDS:
            self.engine._attempt(self.searcher.select())
            attempts += 1
            now = time.monotonic()
            if self.found and (self.found[-1].bug or now - last >= FLUSH_SECONDS):
                yield self._batch()
                last = now
        if self.unsent:
            yield self._batch()
        summary = _summary(self.engine)
        yield ("end", len(self.searcher), {**summary, "cpu_s": time.process_time() - self.cpu})


_POOL: dict = {"session": None, "actors": []}    # the actors of this process's Ray session


def actors(ray, slots: int) -> list:
    """The pool's actors, one per CPU (created on first use, kept for later explorations)."""
    context = ray.get_runtime_context()
    session = (context.get_node_id(), context.get_job_id())     # a new ray.init is a new session
    if _POOL["session"] != session:
        _POOL.update(session=session, actors=[])
    while len(_POOL["actors"]) < slots:
        _POOL["actors"].append(_new_actor(ray))
    return _POOL["actors"][:slots]


def _new_actor(ray):
    return ray.remote(num_cpus=1)(Explorer).remote()


def _replace_actor(ray, i: int) -> None:
    ray.kill(_POOL["actors"][i], no_restart=True)
    _POOL["actors"][i] = _new_actor(ray)


class _Coordinator:
    """Which actor holds what, the jobs waiting, and every summary an actor sent."""

    def __init__(self, ray, slots: int, stats: ExplorationStats, tests: list, handler, jobs: list[Job]) -> None:
        self.ray, self.slots, self.stats, self.tests, self.handler, self.jobs = ray, slots, stats, tests, handler, jobs
        self.flight: dict = {}              # actor index -> its chunk's generator
        self.held = [0] * slots             # subtrees left on each actor's stack at its last chunk's end
        self.last: dict[int, dict] = {}     # actor index -> its latest summary in this exploration
        self.retired: list[dict] = []       # the last summaries of actors that died
        self.failed = 0
        self.peak_frontier = len(jobs)

    def dispatch(self, token: str, spec: str, options: Options, chunk: int) -> None:
        """Work for every actor not in a chunk: its own stack if it holds one (giving
        subtrees away first if others wait and no job is left), else a share of the
        jobs.  While an actor waits, chunks are short, so that work reaches it soon."""
        pool = _POOL["actors"]
        waiting = [i for i in range(self.slots) if i not in self.flight and not self.held[i]]
        free = [i for i in waiting if self.jobs]
        short = max(1, min(chunk, SHORT_CHUNK)) if len(waiting) > len(self.jobs) else chunk
        for i in range(self.slots):
            if i in self.flight:
                continue
            jobs, give = [], 0
            if self.held[i]:
                if not self.jobs:   # one subtree for each actor that waits, or one ahead; keep one
                    give = min(max(len(waiting), 1), self.held[i] - 1)
                    waiting = waiting[give:]
            elif self.jobs:
                share = -(-len(self.jobs) // max(1, len(free)))
                free = free[1:]
                jobs, self.jobs = self.jobs[len(self.jobs) - share:], self.jobs[:len(self.jobs) - share]
            else:
                continue
            self.flight[i] = pool[i].explore.remote(token, spec, options, jobs, give, short)

    def receive(self, ready) -> None:
        for i in [i for i, gen in self.flight.items() if gen in ready]:
            try:
                item = self.ray.get(next(self.flight[i]))
            except StopIteration:
                del self.flight[i]
                continue
            except self.ray.exceptions.RayError:    # the actor died (its node, the target), or it failed
                self._lost(i)
                continue
            self._take(i, item)

    def _lost(self, i: int) -> None:
        self.flight.pop(i, None)
        self.failed += 1
        self.held[i] = 0
        if i in self.last:
            self.retired.append({**self.last.pop(i), "complete": False})
        _replace_actor(self.ray, i)

    def _take(self, i: int, item: tuple) -> None:
        kind = item[0]
        if kind == "tests":
            _, found, runs = item
            self.stats.runs += runs - len(found)        # the replays
            for t in found:
                self.stats.runs += 1
                test = replace(t, index=len(self.tests))
                self.tests.append(test)
                self.stats.bugs += test.bug
                self.stats.paths += test.new_path
                self.stats.parallel = {"busy": len(self.flight), "workers": self.slots, "waiting": len(self.jobs),
                                       "worker": i}
                if self.handler is not None:
                    self.handler.on_test(test, self.stats)
        elif kind == "jobs":
            self.jobs.extend(item[1])
            self.held[i] -= len(item[1])
            self.peak_frontier = max(self.peak_frontier, len(self.jobs))
        elif kind == "end":
            del self.flight[i]
            self.held[i], self.last[i] = item[1], item[2]
        elif kind == "lost":
            del self.flight[i]
            self.held[i] = 0
            self.failed += 1
            if i in self.last:
                self.retired.append({**self.last.pop(i), "complete": False})

    def finals(self) -> list[dict]:
        return [*self.last.values(), *self.retired]


def explore_on_ray(target: Target, options: Options, address: str, *, solver_factory, handler=None,
                   sandbox=None) -> tuple[ExplorationStats, list[TestCase], dict]:
    """Explore `target` with the actors of a Ray cluster, DART's depth-first search in
    each; returns the statistics, the test cases and a report section."""
    ray = _ray()
    if not ray.is_initialized():
        ray.init(address=None if address == "local" else address, ignore_reinit_error=True,
                 log_to_driver=False, include_dashboard=False)
    slots = max(1, int(ray.cluster_resources().get("CPU", 1)))
    actors(ray, slots)
    budget = Budget(options.max_runs, options.time_limit)
    engine, _, seeded = first_jobs(target, options, solver_factory, handler, sandbox)
    stats, tests = engine.stats, engine.tests
    co = _Coordinator(ray, slots, stats, tests, handler, seeded)
    token, reason = uuid.uuid4().hex, ""
    try:
        while True:
            left = options.max_runs - stats.runs if options.max_runs else CHUNK_RUNS * slots
            co.dispatch(token, target.spec, options, max(1, min(CHUNK_RUNS, left // slots)))
            if not co.flight:
                reason = "exhausted"
                break
            reason = budget.exhausted(stats.runs)
            if not reason and co.failed > MAX_REPLACED * slots:
                reason = "workers lost"
            if reason:
                break
            ready, _ = ray.wait(list(co.flight.values()), num_returns=1, timeout=0.5)
            co.receive(ready)
    except BaseException as e:
        if not interrupted_by_user(e):
            raise
        reason = "interrupted"
    finals = co.finals()
    conclude(engine, reason, co.failed, finals, budget)
    return stats, tests, {"backend": "ray", "workers": slots, "failed_tasks": co.failed, "lost_workers": co.failed,
                          "peak_frontier": co.peak_frontier, "cut": any(f.get("cut") for f in finals),
                          "worker_cpu_s": round(sum(f.get("cpu_s", 0.0) for f in finals), 3)}
