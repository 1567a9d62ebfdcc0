"""The parallel engine's workers as Ray actors on a cluster (`--ray ADDRESS`, `auto` or
`local`; `pip install 'smartest[ray]'`).

The coordinator is engine/parallel.py's, unchanged: it hands out jobs, asks for
splits, passes summaries on and gathers test cases over one connection per worker.
Here a worker is a Ray actor instead of a forked process, and its connection a
socket back to the coordinator (`multiprocessing.connection`, authenticated with a
key made per exploration), so each actor runs the very loop a local worker runs
(`worker.work_loop`), with any strategy --workers splits: DART, the default search
with its deepening rounds, generational, SMART, demand.

    coordinator (this process)                    actor k (one per CPU, kept for the session)
    ──────────────────────────                    ─────────────────────────────────────────
    listens on its node's address                 session(address, key, target, options, build)
    spawn ─► `Explorer.session` ─► accept           resolves the target, builds the strategy's
    jobs, splits, summaries, "stop" ─────────────►   searcher and policy, connects back and
    ◄──────── test cases (a bug at once), jobs      runs `worker.work_loop` until "stop"

The coordinator runs no target: a worker, forked or an actor, makes the first run
(a start job) and the others get their share by splits, so an actor runs what a
forked worker runs.  It gets the summaries the coordinator has so far with its
connection; it shares no memory with the coordinator, so a target that kills it
leaves no inputs to blame (its jobs are retried once, as for a lost node).  Starting a process that
imports smartest and z3 costs far more than a run, so actors live as long as the Ray
session and serve every exploration and deepening round of it.  An actor that dies
(its node, a target that kills its process) is replaced like a local worker: its
jobs go out again once, and the bugs it found were streamed as it found them.
"""
from __future__ import annotations

import os
import secrets
import select
import time
from contextlib import ExitStack
from multiprocessing.connection import Client, Listener

from smartest.calls.intercept import intercept, own_modules
from smartest.engine.loop import Engine
from smartest.engine.parallel import explore_parallel
from smartest.engine.worker import work_loop
from smartest.engine.sandbox import Sandbox
from smartest.engine.target import resolve
from smartest.errors import InvalidArgument
from smartest.solver import build_solver_chain
from smartest.solving.names import for_exploration

CONNECT_SECONDS = 60     # how long a new actor may take to start and connect back


def _ray():
    try:
        import ray
    except ImportError:
        raise InvalidArgument("--ray needs Ray: pip install 'smartest[ray]'") from None
    return ray


class Explorer:
    """A Ray actor: one worker of each exploration it is asked to serve, in turn."""

    def pid(self) -> int:
        return os.getpid()

    def session(self, address, key: bytes, spec: str, options, build, share: str) -> None:
        """Serve one exploration (or one deepening round of it): build the strategy's
        searcher and policy for the target, connect back, run the worker's loop.
        `build`: the strategy's `build(options, solver, target)`; `share`: what the
        worker's share is made of, as worker.work_loop takes it."""
        cpu0 = time.process_time()
        with ExitStack() as held:
            target = resolve(spec, options.default_type)
            sandbox = Sandbox(options.allow) if options.sandbox else None
            if sandbox is not None:
                held.callback(sandbox.close)
            solver, stats = build_solver_chain(timeout_ms=options.solver_timeout_ms, rlimit=options.solver_rlimit,
                                               max_str_len=options.max_str_len)
            searcher, policy = build(options, solver, target)
            own = own_modules(target.is_own_file)
            held.enter_context(for_exploration(options, own, target.module))
            held.enter_context(intercept(own, policy))
            engine = Engine(target, options, searcher=searcher, solver=solver, solver_stats=stats, policy=policy,
                            sandbox=sandbox)
            conn = held.enter_context(Client(address, authkey=key))
            work_loop(conn, engine, share, lambda: (solver, stats), cpu0)


_POOL: dict = {"session": None, "actors": [], "busy": {}}    # the actors of this process's Ray session


def actors(ray, slots: int) -> list:
    """The pool's actors, one per CPU (created on first use, kept for later explorations)."""
    context = ray.get_runtime_context()
    session = (context.get_node_id(), context.get_job_id())     # a new ray.init is a new session
    if _POOL["session"] != session:
        _POOL.update(session=session, actors=[], busy={})
    while len(_POOL["actors"]) < slots:
        _POOL["actors"].append(ray.remote(num_cpus=1)(Explorer).remote())
    return _POOL["actors"][:slots]


class _Actor:
    """What the coordinator knows of a worker that is an actor: its pid (same node as
    the test's, for the fault tests) and its session's result, to wait for or kill."""

    def __init__(self, ray, slot: int, actor, ref, pid: int) -> None:
        self.ray, self.slot, self.actor, self.ref, self.pid = ray, slot, actor, ref, pid

    def join(self, timeout: float | None = None) -> None:
        self.ray.wait([self.ref], timeout=timeout)

    def is_alive(self) -> bool:
        ready, _ = self.ray.wait([self.ref], timeout=0)
        return not ready

    def kill(self) -> None:
        """It did not stop when told: the actor goes, a new one takes its slot."""
        self.ray.kill(self.actor, no_restart=True)
        _POOL["actors"][self.slot] = self.ray.remote(num_cpus=1)(Explorer).remote()


class _Spawner:
    """Starts a worker on the next free actor of the pool (a fresh one in the place of
    one that died) and accepts its connection."""

    def __init__(self, ray, slots: int, spec: str, options, build) -> None:
        self.ray, self.slots, self.spec, self.options, self.build = ray, slots, spec, options, build
        self.key = secrets.token_bytes(32)
        self.listener = Listener((ray.util.get_node_ip_address(), 0), authkey=self.key)
        self.live: dict[int, _Actor] = {}

    def __call__(self, share: str):
        ray, pool = self.ray, _POOL["actors"]
        while True:     # a free slot: never used here, or its session ended (a dead actor's too)
            free = [i for i in range(self.slots) if i not in self.live or not self.live[i].is_alive()]
            if free:
                break
            ray.wait([a.ref for a in self.live.values()], num_returns=1)
        slot = free[0]
        if slot in self.live:           # its actor died (or finished): a dead one is replaced
            try:
                ray.get(self.live[slot].ref, timeout=0)
            except Exception:  # noqa: BLE001 - RayActorError, the actor's own failure
                ray.kill(pool[slot], no_restart=True)
                pool[slot] = ray.remote(num_cpus=1)(Explorer).remote()
        actor = pool[slot]
        pid = ray.get(actor.pid.remote())
        ref = actor.session.remote(self.listener.address, self.key, self.spec, self.options, self.build, share)
        socket = self.listener._listener._socket     # Listener.accept has no timeout of its own
        if not select.select([socket], [], [], CONNECT_SECONDS)[0]:
            ray.get(ref)                # the session failed before it connected: its error
            raise RuntimeError("a Ray actor did not connect back")
        conn = self.listener.accept()
        self.live[slot] = _Actor(ray, slot, actor, ref, pid)
        return conn, self.live[slot]

    def close(self) -> None:
        self.listener.close()


def explore_on_ray(engine: Engine, address: str, build, *, solver_factory) -> tuple:
    """Explore with the actors of a Ray cluster (one per CPU) as worker.work_loop's
    workers; returns the statistics and the report section, as explore_parallel does."""
    ray = _ray()
    if not ray.is_initialized():
        ray.init(address=None if address == "local" else address, ignore_reinit_error=True,
                 log_to_driver=False, include_dashboard=False)
    slots = max(1, int(ray.cluster_resources().get("CPU", 1)))
    actors(ray, slots)
    spawner = _Spawner(ray, slots, engine.target.spec, engine.options, build)
    try:
        stats, section = explore_parallel(engine, slots, solver_factory=solver_factory, spawner=spawner)
    finally:
        spawner.close()
    return stats, {"backend": "ray", **section, "failed_tasks": section["lost_workers"]}
