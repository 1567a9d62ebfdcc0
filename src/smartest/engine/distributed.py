"""The same subtree jobs as `engine/parallel.py`, run as Ray tasks on a cluster
(`--ray ADDRESS`, or `auto`; `pip install 'smartest[ray]'`).

A Ray worker shares no memory with the coordinator, so a task gets the target's spec
and the options, loads the target itself, and explores one job's subtree for at most
`CHUNK` runs; it returns the test cases it found and what is left of the subtree as
jobs (each resumed by a replay, like a split).  The coordinator keeps as many tasks
in flight as the cluster has CPUs and hands each result's test cases to the handlers
as soon as the task returns, so a lost node loses at most one chunk of runs; a task
that fails (its node died, its target killed the process) clears `complete`.
"""
from __future__ import annotations

from dataclasses import replace

from smartest.engine.budget import Budget
from smartest.engine.loop import ExplorationStats
from smartest.engine.sandbox import Sandbox
from smartest.engine.parallel import Job, explore_subtree, first_jobs
from smartest.engine.target import Target, resolve
from smartest.engine.testcase import TestCase
from smartest.errors import InvalidArgument
from smartest.options import Options

CHUNK = 200     # runs per task: what a lost node can cost at most


def _ray():
    try:
        import ray
    except ImportError:
        raise InvalidArgument("--ray needs Ray: pip install 'smartest[ray]'") from None
    return ray


def _task(spec: str, options: Options, job: Job, max_runs: int) -> tuple:
    """A Ray task: load the target, explore the job's subtree for up to `max_runs` runs."""
    target = resolve(spec, options.default_type)
    sandbox = Sandbox(options.allow) if options.sandbox else None
    try:
        return explore_subtree(target, options, job, max_runs, sandbox=sandbox)
    finally:
        if sandbox is not None:
            sandbox.close()


def explore_on_ray(target: Target, options: Options, address: str, *, solver_factory, handler=None,
                   sandbox=None) -> tuple[ExplorationStats, list[TestCase], dict]:
    ray = _ray()
    if not ray.is_initialized():
        ray.init(address=None if address == "local" else address, ignore_reinit_error=True,
                 log_to_driver=False, include_dashboard=False)
    slots = max(1, int(ray.cluster_resources().get("CPU", 1)))
    remote = ray.remote(_task)
    budget = Budget(options.max_runs, options.time_limit)
    engine, _, seeded = first_jobs(target, options, solver_factory, handler, sandbox)
    stats, tests, signatures = engine.stats, engine.tests, len(engine.signatures)
    jobs = [replace(j, seed=None) for j in seeded]      # no memory is shared: each is replayed
    pending: dict = {}
    failed = 0
    incomplete = cut = False
    peak = len(jobs)
    reason = ""
    try:
        while True:
            while jobs and len(pending) < slots and not budget.exhausted(stats.runs):
                job = jobs.pop()
                pending[remote.remote(target.spec, options, job, CHUNK)] = job
            if not pending:
                reason = budget.exhausted(stats.runs) or "exhausted"
                break
            reason = budget.exhausted(stats.runs)
            if reason:
                break
            done, _ = ray.wait(list(pending), num_returns=1, timeout=1.0)
            for ref in done:
                pending.pop(ref)
                try:
                    found, left, summary = ray.get(ref)
                except Exception:       # the node died, or the target killed the worker
                    failed += 1
                    continue
                stats.runs += summary["runs"]
                incomplete |= not summary["complete"]
                cut |= summary.get("cut", False)
                stats.divergences += summary["divergences"]
                for key, n in summary["solver"].items():
                    if hasattr(stats.solver, key):
                        setattr(stats.solver, key, getattr(stats.solver, key) + n)
                for key, n in summary["concretizations"].items():
                    stats.concretizations[key] += n
                for t in found:
                    test = replace(t, index=len(tests))
                    tests.append(test)
                    stats.bugs += test.bug
                    if handler is not None:
                        handler.on_test(test, stats)
                jobs.extend(left)
                peak = max(peak, len(jobs))
    except KeyboardInterrupt:
        reason = "interrupted"
    for ref in pending:
        ray.cancel(ref, force=True)
    stats.stop_reason = reason
    stats.complete = reason == "exhausted" and stats.complete and not incomplete and failed == 0
    stats.paths = signatures + sum(t.new_path for t in tests[1:])
    stats.time_s = budget.elapsed
    return stats, tests, {"backend": "ray", "workers": slots, "failed_tasks": failed, "peak_frontier": peak,
                          "cut": cut}
