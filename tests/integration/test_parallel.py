"""Several workers explore one tree (engine/parallel.py): the same paths, bugs and
completeness as one process, checked by re-running the inputs on the plain function;
a worker killed mid-run costs its subtree, not the exploration nor a found bug."""
import json
import os
import signal
import subprocess
import sys

import pytest

import smartest
from tests.support.oracle import label, load

HERE = os.path.dirname(__file__)
BENCH = os.path.join(HERE, "..", "..", "benchmarks", "programs")
CORPUS = os.path.join(HERE, "..", "programs")
SRC = os.path.join(HERE, "..", "..", "src")

CASES = [(os.path.join(BENCH, "locate_twice.py"), "top_two_buffers", 4),
         (os.path.join(BENCH, "strcmp_testme.py"), "testme", 6),
         (os.path.join(CORPUS, "p15_helper_twice.py"), "trend", 4),
         (os.path.join(CORPUS, "p12_digit_parser.py"), "parse", 4)]


def _explore(path, function, n, workers, strategy="dart", **kw):
    kw = {"deepen": False, "coverage": False, "max_runs": 3000, "time_limit": 300, **kw}
    return smartest.explore(f"{path}:{function}", strategy=strategy, max_str_len=n, workers=workers, run_dir=None,
                            **kw)


def _labels(path, function, report):
    module = load(path)
    return {label(module, function, dict(t.inputs)) for t in report.tests}


@pytest.mark.parametrize("strategy", ["dart", "duet", "portfolio", "interleaved", "generational"])
@pytest.mark.parametrize("path,function,n", CASES, ids=[c[1] for c in CASES])
def test_two_workers_run_the_same_paths(path, function, n, strategy):
    if not os.path.exists(path):
        pytest.skip("program not in this checkout")
    one = _explore(path, function, n, 1, strategy)
    two = _explore(path, function, n, 2, strategy)
    assert one.complete_under_bounds and two.complete_under_bounds and two.complete == one.complete
    assert two.bounded == one.bounded
    assert two.paths == one.paths == len({tuple(sorted(t.inputs.items())) for t in two.tests if t.new_path})
    assert _labels(path, function, two) == _labels(path, function, one)
    assert two.extra["parallel"]["workers"] == 2 and two.extra["parallel"]["lost_workers"] == 0
    assert two.runs >= two.paths        # every path once, plus the replays of split subtrees


def test_more_workers_than_subtrees_stay_complete():
    """Workers that never get a job have nothing to report: the search is still complete."""
    path, function, n = CASES[2]
    one = _explore(path, function, n, 1)
    six = _explore(path, function, n, 6)
    assert one.complete and six.complete and six.paths == one.paths
    assert _labels(path, function, six) == _labels(path, function, one)


@pytest.mark.parametrize("strategy", ["duet", "portfolio", "interleaved", "generational"])
def test_deepening_rounds_run_in_parallel_with_the_same_bugs_and_coverage(strategy):
    """The default run (duet, bounds that deepen): each round split among the
    workers, the bug past the starting bound found, the same coverage at exhaustion."""
    path = os.path.join(HERE, "targets", "parallel_deep.py")
    kw = {"deepen": True, "coverage": True, "max_runs": 2000}
    one = _explore(path, "tag", 2, 1, strategy, **kw)
    two = _explore(path, "tag", 2, 2, strategy, **kw)
    assert "bug AssertionError" in _labels(path, "tag", two)
    assert _labels(path, "tag", two) == _labels(path, "tag", one)
    assert one.complete and two.complete and two.bounded is None is one.bounded
    assert two.paths == one.paths
    assert two.coverage["branches_covered"] == one.coverage["branches_covered"] == one.coverage["branches_total"]
    assert two.extra["parallel"]["rounds"] >= 2 and two.extra["parallel"]["workers"] == 2


def test_a_default_run_with_workers_is_parallel():
    path = os.path.join(HERE, "targets", "parallel_deep.py")
    report = smartest.explore(f"{path}:tag", workers=2, run_dir=None, coverage=False, max_runs=2000)
    assert report.strategy == "duet" and report.extra["parallel"]["workers"] == 2
    assert "bug AssertionError" in _labels(path, "tag", report) and report.complete


def test_a_killed_worker_loses_its_subtree_not_the_exploration():
    path = os.path.join(HERE, "targets", "parallel_kill.py")
    report = _explore(path, "grid", 4, 2, per_run_timeout=5)
    reached = _labels(path, "grid", report)
    # the worker that ran x=7, y>100 died; the others went on, and the bug is found
    assert "bug AssertionError" in reached and {"return 'b'", "return 'd'"} <= reached
    assert not report.complete_under_bounds
    # its job was handed out once more, the second worker died in the same run: those
    # inputs are named and not run again (each costs two runs), the job goes on
    section = report.extra["parallel"]
    assert section["lost_workers"] >= 2 and section["killed_runs"] == 2 * len(section["killing_inputs"]) >= 2
    assert all(k["x"] == "7" and int(k["y"]) > 100 for k in section["killing_inputs"])


_FIRST_KILL = """
import json, smartest
path = {path!r}
drawn = smartest.explore(path + ":twin", strategy={strategy!r}, workers=1, run_dir=None, deepen=False,
                         coverage=False, max_runs=1).tests[0].inputs
report = smartest.explore(path + ":scan", strategy={strategy!r}, workers=2, run_dir=None, deepen=False,
                          coverage=False, max_runs=300)
print(json.dumps({{"drawn": drawn, "inputs": [t.inputs for t in report.tests], "complete": report.complete,
                  "killing": report.extra["parallel"]["killing_inputs"]}}))
"""


@pytest.mark.parametrize("strategy", ["dart", "smart"])
def test_a_first_run_that_kills_its_process_costs_a_worker(strategy):
    """The coordinator runs no target: when the very first inputs kill the process, a
    worker dies (twice, then they are blamed) and the exploration goes on from fresh
    inputs.  In a child process: before, the first run killed the coordinator."""
    path = os.path.join(HERE, "targets", "parallel_first_kill.py")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [SRC, os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", _FIRST_KILL.format(path=path, strategy=strategy)],
                          capture_output=True, text=True, env=env, timeout=300, check=False)
    assert done.returncode == 0, f"the exploration died: {done.returncode} {done.stderr[-500:]}"
    found = json.loads(done.stdout.strip().splitlines()[-1])
    module = load(path)
    assert found["drawn"]["x"] == module.FIRST_X      # the premise: the first inputs kill
    assert {k: repr(v) for k, v in found["drawn"].items()} in found["killing"] and not found["complete"]
    reached = {label(module, "scan", inputs) for inputs in found["inputs"]}
    assert {"bug AssertionError", "return 'big'", "return 'small'"} <= reached


class _KillTheFinder:
    """A handler that SIGKILLs the worker that streamed the first bug, as it arrives."""

    def __init__(self):
        self.killed = None
        self.bug_inputs = None

    def on_test(self, test, stats):
        pid = stats.parallel.get("pid")
        if test.bug and self.killed is None and pid is not None:
            self.killed, self.bug_inputs = pid, dict(test.inputs)
            os.kill(pid, signal.SIGKILL)


def test_a_worker_killed_from_outside_loses_nothing():
    """A worker killed by SIGKILL right after it found a bug (as the OOM killer or a
    lost node would): the bug it streamed is in the report, its subtrees are handed out
    again, and the exploration ends complete with every outcome one process reaches."""
    path, function, n = os.path.join(HERE, "targets", "parallel_bugs.py"), "scan", 4
    one = _explore(path, function, n, 1)
    hook = _KillTheFinder()
    two = smartest.explore(f"{path}:{function}", strategy="dart", max_str_len=n, workers=2, run_dir=None,
                           deepen=False, coverage=False, max_runs=3000, handlers=[hook])
    assert hook.killed is not None
    module = load(path)
    assert label(module, function, hook.bug_inputs).startswith("bug ")
    assert any(dict(t.inputs) == hook.bug_inputs for t in two.tests)
    assert two.extra["parallel"]["lost_workers"] == 1 and two.extra["parallel"]["abandoned_jobs"] == 0
    assert two.complete_under_bounds and two.stop_reason == "exhausted"
    assert _labels(path, function, two) == _labels(path, function, one)
    assert two.paths == one.paths


@pytest.mark.parametrize("guided,why", [("may", "guided search (--guided) runs in one process")])
def test_other_searches_run_in_one_process_and_say_why(guided, why):
    path, function, _ = CASES[2]
    report = smartest.explore(f"{path}:{function}", strategy="dart", guided=guided, workers=2, run_dir=None,
                              coverage=False, deepen=False)
    assert report.complete_under_bounds
    assert report.extra["parallel"]["workers"] == 1 and why in report.extra["parallel"]["why_not"]
    assert any(why in note for note in report.notes)
