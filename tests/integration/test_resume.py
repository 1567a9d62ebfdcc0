"""Nothing lost, and resumable: SIGKILL the CLI at seeded points of an exploration,
`--resume` it each time, and check that every bug on disk before a kill is still
there after it, that the resumed exploration ends with the bugs, paths and tests of
an uninterrupted one, and that replayed runs are not counted again.

    python tests/integration/test_resume.py 10     # the measurement: 10 kills
"""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
TARGET = os.path.join(ROOT, "benchmarks", "programs", "containers_orders.py") + ":process"
# The default strategy.  A resumed exploration once left the recorded path (seed 3, 5 kills,
# under either strategy): z3's models moved with when Python's collector ran (engine/collection).
BOUNDS = ["--max-len", "3", "--max-str-len", "2", "--time-limit", "3600", "--quiet", "--no-coverage"]


def _cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "smartest", "explore", *args]


def _env() -> dict:
    return {**os.environ, "PYTHONPATH": os.path.join(ROOT, "src")}


def _events(run_dir: str) -> list[dict]:
    out = []
    path = os.path.join(run_dir, "events.jsonl")
    if not os.path.exists(path):
        return out
    with open(path, "rb") as f:
        for line in f.read().split(b"\n"):
            try:
                out.append(json.loads(line))
            except ValueError:
                pass   # the line a kill cut short
    return out


def _bugs_on_disk(run_dir: str) -> set[str]:
    return {json.dumps(e["test"]["inputs"], sort_keys=True) for e in _events(run_dir)
            if e.get("event") == "test" and e["test"]["bug"]}


def _tests_of(report: dict) -> set[str]:
    return {json.dumps([t["inputs"], t.get("inputs_repr"), t["outcome"], t["bug"]], sort_keys=True)
            for t in report["tests"]}


def _start_and_kill(cmd: list[str], cwd: str, run_dir_of, after_tests: int) -> str | None:
    """Start the CLI, SIGKILL it (and its exploring child) once `after_tests` test
    events are on disk; the run directory, or None if it finished first."""
    proc = subprocess.Popen(cmd, cwd=cwd, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.time() + 600
    run_dir = None
    while proc.poll() is None and time.time() < deadline:
        run_dir = run_dir or run_dir_of()
        if run_dir and sum(e.get("event") == "test" for e in _events(run_dir)) >= after_tests:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            return run_dir
        time.sleep(0.02)
    proc.wait()
    return None


def kill_and_resume(tmp: str, kills: int, seed: int = 0) -> dict:
    """The kill test; returns its figures (and asserts its claims)."""
    full = subprocess.run(_cmd(TARGET, *BOUNDS, "--no-run-dir", "--json", "full.json"), cwd=tmp, env=_env(),
                          capture_output=True, text=True)
    assert full.returncode == 1, full.stderr
    expected = json.load(open(os.path.join(tmp, "full.json")))
    total = len(expected["tests"])
    rng = random.Random(seed)
    points = sorted(rng.sample(range(1, total), kills))   # kill after this many tests on disk
    runs_base = os.path.join(tmp, "runs-base")

    def run_dir_of():
        runs = os.path.join(runs_base, "runs")
        found = os.listdir(runs) if os.path.isdir(runs) else []
        return os.path.join(runs, found[0]) if found else None

    run_dir, lost, done, finished = None, 0, 0, False
    report = os.path.join(tmp, "resumed.json")
    for k in points:
        before = _bugs_on_disk(run_dir) if run_dir else set()
        cmd = _cmd("--resume", run_dir, *BOUNDS) if run_dir else _cmd(TARGET, *BOUNDS, "--run-dir", runs_base)
        if os.path.exists(report):
            os.remove(report)
        got = _start_and_kill(cmd + ["--json", "resumed.json"], tmp, run_dir_of, k)
        if got is None:
            # It finished before this kill point (the later points can be close to the
            # end, and a fast machine writes the last tests between two polls): its own
            # report is the resumed exploration's, and there is nothing left to resume.
            finished = True
            run_dir = run_dir or run_dir_of()
            lost += len(before - _bugs_on_disk(run_dir))
            break
        run_dir = got
        lost += len(before - _bugs_on_disk(run_dir))
        done += 1
    assert done >= 1, "the exploration finished before the first kill point"
    if not finished:
        final = subprocess.run(_cmd("--resume", run_dir, *BOUNDS, "--json", "resumed.json"), cwd=tmp,
                               env=_env(), capture_output=True, text=True)
        assert final.returncode == 1, final.stdout + final.stderr
    resumed = json.load(open(report))
    figures = {"kills": done, "kill_points": points, "bugs_lost": lost,
               "runs_uninterrupted": expected["runs"], "runs_resumed": resumed["runs"],
               "paths_uninterrupted": expected["paths"], "paths_resumed": resumed["paths"],
               "replayed_runs_last_resume": resumed["extra"]["resumed"]["replayed_runs"],
               "replay_diverged_at": resumed["extra"]["resumed"]["replay_diverged_at"],
               "same_bugs": {json.dumps(b["inputs"], sort_keys=True) for b in resumed["bugs"]}
               == {json.dumps(b["inputs"], sort_keys=True) for b in expected["bugs"]},
               "same_tests": _tests_of(resumed) == _tests_of(expected)}
    assert lost == 0
    assert figures["same_bugs"] and figures["same_tests"], figures
    assert (resumed["runs"], resumed["paths"]) == (expected["runs"], expected["paths"])
    assert resumed["extra"]["resumed"]["replay_diverged_at"] is None
    # Every test of the uninterrupted run is in the run directory exactly once.
    tests = [e["test"] for e in _events(run_dir) if e.get("event") == "test"]
    assert len(tests) == total
    return figures


def test_sigkill_at_seeded_points_then_resume_loses_nothing_and_repeats_nothing(tmp_path):
    kill_and_resume(str(tmp_path), kills=3, seed=1)


def test_resume_refuses_a_finished_run_and_a_target(tmp_path):
    p = subprocess.run(_cmd(TARGET, *BOUNDS, "--run-dir", "rd"), cwd=tmp_path, env=_env(), capture_output=True)
    [name] = os.listdir(tmp_path / "rd" / "runs")
    again = subprocess.run(_cmd("--resume", str(tmp_path / "rd" / "runs" / name)), cwd=tmp_path, env=_env(),
                           capture_output=True, text=True)
    assert p.returncode == 1 and again.returncode == 2 and "finished" in again.stderr
    both = subprocess.run(_cmd(TARGET, "--resume", str(tmp_path)), cwd=tmp_path, env=_env(),
                          capture_output=True, text=True)
    assert both.returncode == 2 and len(both.stderr.strip().splitlines()) == 1


if __name__ == "__main__":
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        print(json.dumps(kill_and_resume(d, int(sys.argv[1]) if len(sys.argv) > 1 else 10,
                                         int(sys.argv[2]) if len(sys.argv) > 2 else 0), indent=1))
