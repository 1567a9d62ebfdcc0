"""Hostile targets (tests/integration/hostile/, one tiny program each): whatever the
target does, smartest ends with exit 0 or 1 and a JSON report (or, for a target it
cannot explore at all, exit 2 and one line), never an internal error and never a
hang.  Then the sandbox: one test per refused kind of side effect.

Every side-effect target is confined to the temporary directory the test passes in
SMARTEST_HOSTILE_DIR (see hostile/_guard.py), so it is harmless even with no sandbox.
The subprocess timeouts are a backstop only: what is asserted is the exit status and
the report.
"""
from __future__ import annotations

import concurrent.futures
import json
import os
import signal
import subprocess
import sys
import time

import pytest

HOSTILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hostile")
BACKSTOP = 180


def smartest(tmp_path, name, *args, func="f"):
    """Explore a hostile target.  The per-run timeout is long (a busy machine must not
    turn a run into a timeout) except for the targets that hang, which get 1 s."""
    env = dict(os.environ, SMARTEST_HOSTILE_DIR=str(tmp_path / "base"))
    per_run = "1" if name in HANGS else "20"
    return subprocess.run([sys.executable, "-m", "smartest", "explore", f"{HOSTILE}/{name}.py:{func}",
                           "--no-run-dir", "--quiet", "--no-coverage", "--json", str(tmp_path / "report.json"),
                           "--time-limit", "4", "--per-run-timeout", per_run, "--max-runs", "30", *args],
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=BACKSTOP)


def report_of(tmp_path, proc):
    assert proc.returncode in (0, 1), (proc.returncode, proc.stderr[-2000:])
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    with open(tmp_path / "report.json", encoding="utf-8") as f:
        return json.load(f)


def outcomes(report):
    return {t["outcome"] for t in report["tests"]}


def raised_types(report):
    return {t["raised"]["type"] for t in report["tests"] if t["raised"]}


HANGS = {"c_loop", "swallowed_timeout", "timer_off", "sigterm_swallowed_loop", "repr_hangs", "exception_in_except",
         "import_loop", "str_hangs"}

# (target, extra arguments, a check of the report)
HOSTILE_CASES = [
    ("c_loop", (), lambda r: "timeout" in outcomes(r) and not r["complete"]),   # what follows a hang was not run
    ("swallowed_timeout", (), lambda r: "timeout" in outcomes(r)),
    ("timer_off", (), lambda r: "timeout" in outcomes(r)),
    ("sigterm_swallowed_loop", (), lambda r: "timeout" in outcomes(r)),
    ("repr_hangs", (), lambda r: "timeout" in outcomes(r)),
    ("exception_in_except", (), lambda r: "ValueError" in raised_types(r)),
    ("fork", ("--allow", "subprocess"),
     lambda r: {t["returned"] for t in r["tests"]} == {"parent", "none"}),
    ("fork_exit", ("--allow", "subprocess"), lambda r: outcomes(r) == {"returned"}),
    # A pool starts slowly on a busy machine, and a forked pool can hang (a lock held at
    # fork): the run then times out, and the report must not call the search complete.
    ("multiprocessing_pool", ("--allow", "subprocess", "--time-limit", "60"),
     lambda r: 5 in {t["returned"] for t in r["tests"]} or ("timeout" in outcomes(r) and not r["complete"])),
    ("fork", (), lambda r: "side-effect" in outcomes(r) and r["extra"]["sandbox"]["refused"]["subprocess"] >= 1),
    ("multiprocessing_pool", (), lambda r: "side-effect" in outcomes(r)),
    ("chdir", (), lambda r: "side-effect" in outcomes(r)),
    ("chdir", ("--allow", "chdir"), lambda r: outcomes(r) == {"returned"}),
    ("recursion_limit", (), lambda r: outcomes(r) == {"returned"} and r["paths"] == 2),
    ("close_stdout", (), lambda r: outcomes(r) == {"returned"}),
    ("close_stderr", (), lambda r: outcomes(r) == {"returned"}),
    ("signal_handlers", (), lambda r: outcomes(r) == {"returned"} and r["paths"] == 2),
    ("settrace", (), lambda r: outcomes(r) == {"returned"}),
    ("repr_raises", (), lambda r: any("repr raised" in (t.get("returned_repr") or "") for t in r["tests"])),
    ("str_raises", (), lambda r: any(t["raised"] and t["raised"]["message"] == "<unprintable>" for t in r["tests"])),
    ("str_hangs", (), lambda r: any(t["raised"] and t["raised"]["message"] == "<unprintable>" and not t["bug"]
                                    for t in r["tests"])),
    ("eq_hash_raise", (), lambda r: outcomes(r) == {"returned"} and r["paths"] == 2),
    ("iter_raises", (), lambda r: outcomes(r) == {"returned"} and r["paths"] == 2),
    ("del_raises", (), lambda r: outcomes(r) == {"returned"}),
    ("base_exception", (), lambda r: any(t.endswith("Fatal") for t in raised_types(r))),
    ("keyboard_interrupt", (), lambda r: "KeyboardInterrupt" in raised_types(r) and r["stop_reason"] != "interrupted"
     and r["runs"] >= 2),
    ("generator_exit", (), lambda r: {"GeneratorExit", "SystemExit"} <= raised_types(r)),
    ("self_referential", (), lambda r: r["tests"][0]["returned_repr"] == "<a self-referential list>"),
    ("deep_nesting", (), lambda r: "nested more than" in r["tests"][0]["returned_repr"]),
    ("huge_int", (), lambda r: r["tests"][0]["returned_repr"].startswith("<an int of")),
    ("thread_left_running", (), lambda r: outcomes(r) == {"returned"} and r["paths"] == 2),
    ("stdout_flood", (), lambda r: outcomes(r) == {"returned"} and r["paths"] == 2),
    ("memory_growth", ("--per-run-memory", "100"), lambda r: "memory" in outcomes(r)),
    ("os_exit", (), lambda r: "exited" in outcomes(r)),
    ("kill_self", (), lambda r: "crashed" in outcomes(r)),
    ("infinite_recursion", (), lambda r: "RecursionError" in raised_types(r)),
    ("reads_stdin", (), lambda r: "EOFError" in raised_types(r)),
    ("side_tempfile", (), lambda r: outcomes(r) == {"returned"}),
]


@pytest.fixture(scope="module")
def hostile_runs(tmp_path_factory):
    """Every hostile case explored, three at a time (most of them wait on a hang)."""
    def run(case):
        name, args, _ = case
        tmp = tmp_path_factory.mktemp(name)
        (tmp / "base").mkdir()
        return tmp, smartest(tmp, name, *args)
    tmp_path_factory.getbasetemp()   # made once here: pytest makes it lazily, and threads would race to
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        return dict(zip(range(len(HOSTILE_CASES)), pool.map(run, HOSTILE_CASES)))


@pytest.mark.parametrize("case", range(len(HOSTILE_CASES)),
                         ids=[f"{n}{'-' + '-'.join(a) if a else ''}" for n, a, _ in HOSTILE_CASES])
def test_hostile_target_ends_in_a_report(hostile_runs, case):
    tmp_path, proc = hostile_runs[case]
    check = HOSTILE_CASES[case][2]
    report = report_of(tmp_path, proc)
    assert check(report), json.dumps(report, indent=1)[:3000]
    assert proc.stdout.count("smartest: ") == 1, proc.stdout[-2000:]  # one exploration, one report


@pytest.mark.parametrize("name,needle", [
    ("import_loop", "importing the target did not finish"),
    ("import_exit", "ended the process (os._exit(7))"),
    ("generator", "is a generator function"),
    ("coroutine", "is an async function"),
])
def test_target_that_cannot_be_explored_is_one_line_and_exit_2(tmp_path, name, needle):
    proc = smartest(tmp_path, name)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], proc.stderr


def test_max_runs_0_makes_no_run(tmp_path):
    (tmp_path / "base").mkdir()
    victim = tmp_path / "base" / "victim.txt"
    victim.write_text("keep")
    report = report_of(tmp_path, smartest(tmp_path, "side_delete", "--allow-all", "--max-runs", "0"))
    assert report["runs"] == 0 and report["tests"] == []
    assert victim.read_text() == "keep"


def test_kill_int_to_smartest_stops_it_and_keeps_the_report(tmp_path):
    run_dir = tmp_path / "runs"
    proc = subprocess.Popen([sys.executable, "-m", "smartest", "explore", f"{HOSTILE}/slow_loop.py:f",
                             "--quiet", "--no-coverage", "--run-dir", str(run_dir), "--max-runs", "100000000",
                             "--time-limit", "3600", "--json", str(tmp_path / "report.json")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    deadline = time.monotonic() + BACKSTOP
    # The time limit is far past the backstop: on a loaded machine the first test can take
    # long to appear, and a run past its time limit stops for that reason, not the signal.
    started = False
    while time.monotonic() < deadline:  # wait for a test on disk: the exploration is under way
        events = list(run_dir.glob("runs/*/events.jsonl"))
        if events and '"event": "test"' in events[0].read_text():
            started = True
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    assert started, "no test on disk before the backstop"
    out, err = proc.communicate(timeout=BACKSTOP)
    assert proc.returncode in (0, 1), err
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["stop_reason"] == "interrupted" and report["runs"] >= 1
    assert out.count("smartest: ") == 1


# -- the sandbox: one test per refused kind ---------------------------------------

def _tree(path):
    return {str(p.relative_to(path)): (p.read_bytes() if p.is_file() else None) for p in sorted(path.rglob("*"))}


@pytest.mark.parametrize("name,kind", [
    ("side_write", "write"), ("side_delete", "delete"), ("side_rename", "rename"),
    ("side_subprocess", "subprocess"), ("side_net", "net"), ("side_signal", "signal"), ("side_chdir", "chdir"),
])
def test_sandbox_refuses(tmp_path, name, kind):
    base = tmp_path / "base"
    base.mkdir()
    (base / "victim.txt").write_text("keep")
    before = _tree(base)
    proc = smartest(tmp_path, name, "--emit-tests", str(tmp_path / "test_emitted.py"))
    report = report_of(tmp_path, proc)
    assert _tree(base) == before
    assert report["extra"]["sandbox"]["refused"].get(kind, 0) >= 1
    refused = [t for t in report["tests"] if t["outcome"] == "side-effect"]
    assert refused and all(not t["bug"] and t["raised"]["message"].startswith(f"{kind}: ") for t in refused)
    assert all(t["inputs"]["x"] > 5 for t in refused)  # the refusal is where the target does it
    assert f"refused {kind}: " in proc.stdout and "sandbox: refused" in proc.stdout
    # the emitted test of a refused input is skipped, with the call as the reason
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs",
                          str(tmp_path / "test_emitted.py")], capture_output=True, text=True, cwd=tmp_path,
                         env=dict(os.environ, SMARTEST_HOSTILE_DIR=str(tmp_path / "elsewhere")), timeout=BACKSTOP)
    assert f"smartest's sandbox refused {kind}: " in run.stdout and " skipped" in run.stdout, run.stdout


@pytest.mark.parametrize("name,kind,effect", [
    ("side_write", "write", lambda base: (base / "written.txt").read_text() == "x"),
    ("side_delete", "delete", lambda base: not (base / "victim.txt").exists()),
    ("side_rename", "rename", lambda base: (base / "renamed.txt").exists()),
])
def test_allow_lets_a_kind_through(tmp_path, name, kind, effect):
    base = tmp_path / "base"
    base.mkdir()
    (base / "victim.txt").write_text("keep")
    report = report_of(tmp_path, smartest(tmp_path, name, "--allow", kind))
    assert "side-effect" not in outcomes(report) and report["extra"]["sandbox"]["allowed"] == [kind]
    assert effect(base)


def test_allow_chdir_leaves_smartest_in_its_directory(tmp_path):
    (tmp_path / "base").mkdir()
    env = dict(os.environ, SMARTEST_HOSTILE_DIR=str(tmp_path / "base"))
    proc = subprocess.run([sys.executable, "-m", "smartest", "explore", f"{HOSTILE}/side_chdir.py:f", "--no-run-dir",
                           "--quiet", "--allow", "chdir", "--json", "relative.json"],
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=BACKSTOP)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "relative.json").exists() and not (tmp_path / "base" / "relative.json").exists()


def test_refusal_swallowed_by_the_target_still_ends_the_run(tmp_path):
    base = tmp_path / "base"
    base.mkdir()
    (base / "victim.txt").write_text("keep")
    report = report_of(tmp_path, smartest(tmp_path, "side_swallowed"))
    assert "side-effect" in outcomes(report) and "swallowed" not in {t["returned"] for t in report["tests"]}
    assert (base / "victim.txt").read_text() == "keep"


def test_thread_left_running_stays_confined(tmp_path):
    base = tmp_path / "base"
    base.mkdir()
    (base / "victim.txt").write_text("keep")
    report_of(tmp_path, smartest(tmp_path, "side_thread", "--time-limit", "2", "--max-runs", "100000"))
    assert (base / "victim.txt").read_text() == "keep"


def test_wipe_leaves_every_file_outside_the_scratch_directory(tmp_path):
    base = tmp_path / "base"
    (base / "data" / "sub").mkdir(parents=True)
    for rel in ("data/a.txt", "data/sub/b.txt", "outside.txt"):
        (base / rel).write_text(rel)
    before = _tree(base)
    proc = smartest(tmp_path, "wipe", "--max-runs", "200", "--time-limit", "10", func="wipe")
    report = report_of(tmp_path, proc)
    assert _tree(base) == before
    assert report["extra"]["sandbox"]["refused"]["delete"] >= 1
    # the same exploration with the sandbox off does delete (inside the test's directory only)
    report_of(tmp_path, smartest(tmp_path, "wipe", "--allow-all", "--max-runs", "200", "--time-limit", "10",
                                 func="wipe"))
    assert _tree(base) != before and (base / "outside.txt").exists()
