"""The parallel engine's workers as Ray actors on a local Ray instance (2 CPUs): the
same bugs, coverage and completeness as one process for every strategy --workers
splits, by re-running the inputs; an actor that dies costs its jobs (retried once),
never a bug it found nor the exploration.  One Ray instance for the module.  Runs
where Ray is installed (`pip install 'smartest[ray]'`)."""
import os
import signal

import pytest

import smartest
from smartest.report.rundir import read_run
from tests.support.oracle import label, load
from tests.support.relative import raised_and_arcs

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.ray

HERE = os.path.dirname(__file__)
CORPUS = os.path.join(HERE, "..", "programs")
BENCH = os.path.join(HERE, "..", "..", "benchmarks", "programs")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
    yield
    ray.shutdown()


CASES = [(os.path.join(CORPUS, "p15_helper_twice.py"), "trend", 4),
         (os.path.join(CORPUS, "p12_digit_parser.py"), "parse", 4),
         (os.path.join(BENCH, "calc.py"), "calc", 3)]


@pytest.mark.parametrize("path,function,n", CASES, ids=["trend", "parse", "calc"])
def test_ray_actors_run_the_same_paths_as_one_process(local_ray, path, function, n):
    # calc: 16 subtrees of the first run shared out, and the shallowest given away again
    common = dict(strategy="dart", max_str_len=n, deepen=False, run_dir=None, coverage=False, max_runs=3000, time_limit=300)
    one = smartest.explore(f"{path}:{function}", **common)
    on_ray = smartest.explore(f"{path}:{function}", ray="local", **common)
    assert one.complete_under_bounds and on_ray.complete_under_bounds and on_ray.paths == one.paths
    assert raised_and_arcs(path, function, on_ray.tests) == raised_and_arcs(path, function, one.tests)
    assert on_ray.extra["parallel"]["backend"] == "ray" and on_ray.extra["parallel"]["failed_tasks"] == 0


@pytest.mark.parametrize("strategy,deepen", [("interleaved", True), ("generational", False), ("smart", False),
                                             ("demand", False), ("latest", False)])
def test_ray_runs_what_local_workers_run(local_ray, strategy, deepen):
    """The default search with its deepening rounds, generational, SMART, demand and
    LATEST on actors: the same bugs and line arcs as one process, complete under the
    bounds."""
    path, function, n = {"smart": (os.path.join(HERE, "targets", "parallel_summaries.py"), "route", 3),
                         "latest": (os.path.join(HERE, "targets", "parallel_summaries.py"), "route", 3),
                         "interleaved": (os.path.join(BENCH, "locate_top.py"), "top", 8)}.get(strategy, CASES[0])
    common = dict(strategy=strategy, max_str_len=n, deepen=deepen, run_dir=None, coverage=False, max_runs=3000,
                  time_limit=300)
    one = smartest.explore(f"{path}:{function}", **common)
    on_ray = smartest.explore(f"{path}:{function}", ray="local", **common)
    assert one.complete_under_bounds and on_ray.complete_under_bounds, (on_ray.stop_reason, on_ray.extra["parallel"])
    assert raised_and_arcs(path, function, on_ray.tests) == raised_and_arcs(path, function, one.tests)
    assert on_ray.extra["parallel"]["backend"] == "ray" and on_ray.extra["parallel"]["lost_workers"] == 0
    if strategy in ("interleaved", "generational"):
        # every path once: an actor's signatures are the coordinator's (not its own string hash seed's)
        assert on_ray.paths == one.paths and on_ray.bounded == one.bounded


class _KillOnFirstBug:
    """A handler that SIGKILLs the actor which sent the first bug (by its pid: a local
    Ray's actors are processes of this machine), the moment the bug arrives, and
    counts the test cases after it."""

    def __init__(self):
        self.killed = None
        self.after = 0

    def on_run_start(self, inputs):
        pass

    def on_test(self, test, stats):
        if self.killed is not None:
            self.after += 1
        elif test.bug and stats.parallel.get("pid"):
            os.kill(stats.parallel["pid"], signal.SIGKILL)
            self.killed = test


def test_a_killed_actor_loses_no_found_bug(local_ray, tmp_path):
    path = os.path.join(HERE, "targets", "ray_fault.py")
    killer = _KillOnFirstBug()
    report = smartest.explore(f"{path}:scan", ray="local", strategy="dart", deepen=False, seed=3,
                              run_dir=str(tmp_path), coverage=False, max_runs=3000, time_limit=300,
                              handlers=[killer])
    module = load(path)
    assert killer.killed is not None
    assert label(module, "scan", dict(killer.killed.inputs)).startswith("bug AssertionError")
    # streamed: on disk in the run directory, whatever became of the actor after it
    recorded = [dict(t.inputs) for t in read_run(report.run_dir).tests]
    assert dict(killer.killed.inputs) in recorded
    # the exploration went on without the actor, its jobs handed out again, and says what it lost
    assert killer.after > 0 and report.extra["parallel"]["lost_workers"] >= 1
    # complete when the jobs it held were run again and it had no bound probe left to
    # make (a probe it died with leaves "a bound cut a path" unknown): then the same arcs
    if report.complete_under_bounds:
        one = smartest.explore(f"{path}:scan", strategy="dart", deepen=False, seed=3, run_dir=None, coverage=False,
                               max_runs=3000, time_limit=300)
        assert raised_and_arcs(path, "scan", report.tests) == raised_and_arcs(path, "scan", one.tests)


def test_an_actor_that_dies_after_finding_a_bug_has_streamed_it(local_ray, tmp_path):
    # the actor's process is killed on the run after the bug, before its chunk ends:
    # the bug reached the run directory only if it was sent as it was found
    path = os.path.join(HERE, "targets", "ray_crash_after_bug.py")
    report = smartest.explore(f"{path}:grid", ray="local", strategy="dart", deepen=False, run_dir=str(tmp_path),
                              coverage=False, max_runs=3000, time_limit=300, per_run_timeout=5)
    module = load(path)
    recorded = {label(module, "grid", dict(t.inputs)) for t in read_run(report.run_dir).tests}
    assert "bug AssertionError" in recorded and {"return 'big'", "return 'small'"} <= recorded
    assert report.extra["parallel"]["lost_workers"] >= 1 and not report.complete_under_bounds
