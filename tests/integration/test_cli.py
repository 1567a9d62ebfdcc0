"""The command line as a user meets it: exit codes, one-line errors, emitted tests
that run under pytest, and a killed run that keeps what it found."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from xml.etree import ElementTree

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGETS = os.path.join(ROOT, "tests", "integration", "targets", "misc.py")
EXAMPLE = os.path.join(ROOT, "examples", "password.py")


def smartest(*args, cwd=None, timeout=120):
    return subprocess.run([sys.executable, "-m", "smartest", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=timeout)


def one_line_error(proc, needle):
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert needle in lines[0]


@pytest.mark.parametrize("target,needle", [
    ("no/such/file.py:f", "no such file"),
    ("no_such_module_xyz:f", "cannot import module"),
    (f"{EXAMPLE}:nope", "has no attribute 'nope'"),
    (f"{TARGETS}:takes_callback", "is not supported"),
    ("missing-colon", "must look like"),
])
def test_bad_targets_get_one_line_and_exit_2(tmp_path, target, needle):
    one_line_error(smartest("explore", target, "--no-run-dir", cwd=tmp_path), needle)


def test_bad_option_gets_one_line(tmp_path):
    one_line_error(smartest("explore", f"{EXAMPLE}:check_login", "--strategy", "nope", cwd=tmp_path),
                   "unknown strategy")


def test_hang_is_an_outcome_not_a_crash(tmp_path):
    p = smartest("explore", f"{TARGETS}:loops_forever", "--per-run-timeout", "0.2", "--max-runs", "2",
                 "--json", "r.json", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    assert {t["outcome"] for t in report["tests"]} == {"timeout"}
    assert "timeout" in p.stdout


def test_sys_exit_and_os_exit_are_outcomes(tmp_path):
    p = smartest("explore", f"{TARGETS}:exits", "--json", "r.json", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    outcomes = {(t["outcome"], (t["raised"] or {}).get("type")) for t in json.loads((tmp_path / "r.json").read_text())["tests"]}
    assert ("raised", "SystemExit") in outcomes and ("returned", None) in outcomes
    p = smartest("explore", f"{TARGETS}:kills", "--json", "r2.json", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    tests = json.loads((tmp_path / "r2.json").read_text())["tests"]
    assert any(t["outcome"] == "exited" and t["inputs"]["x"] == 7 for t in tests)


def test_methods_static_and_bound(tmp_path):
    p = smartest("explore", f"{TARGETS}:Counter.twice", "--json", "r.json", "--emit-tests", "test_twice.py", cwd=tmp_path)
    assert p.returncode == 0, p.stdout + p.stderr
    p = smartest("explore", f"{TARGETS}:Counter.bump", "--emit-tests", "test_bump.py", cwd=tmp_path)
    assert p.returncode == 0, p.stdout + p.stderr
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_twice.py", "test_bump.py"],
                         capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stdout


def test_example_finds_bug_and_emitted_tests_pass_or_fail_for_a_reason(tmp_path):
    out = tmp_path / "generated" / "test_check_login.py"
    p = smartest("explore", f"{EXAMPLE}:check_login", "--emit-tests", str(out), "--json", "r.json", cwd=tmp_path)
    assert p.returncode == 1, p.stdout + p.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["schema"] == 1 and report["complete"] and report["runs"] == report["paths"]
    assert report["coverage"]["branches_covered"] == report["coverage"]["branches_total"] > 0
    assert [b["raised"]["type"] for b in report["bugs"]] == ["ZeroDivisionError"]
    # Run the emitted file from the project root, as a user would.
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA", str(out)],
                         capture_output=True, text=True, cwd=tmp_path)
    passed = [l for l in run.stdout.splitlines() if l.startswith("PASSED")]
    failed = [l for l in run.stdout.splitlines() if l.startswith("FAILED")]
    assert len(failed) == 1 and "_bug_ZeroDivisionError" in failed[0] and "ZeroDivisionError" in failed[0]
    assert len(passed) == len(report["tests"]) - 1


def test_a_target_that_kills_the_process_is_reported_with_its_input(tmp_path):
    p = smartest("explore", f"{TARGETS}:segfaults", "--json", "r.json", "--emit-tests", "test_seg.py", cwd=tmp_path)
    assert p.returncode == 1, p.stdout + p.stderr
    assert "Traceback" not in p.stderr
    assert "killed the process with SIGSEGV on segfaults(x=13)" in p.stdout
    report = json.loads((tmp_path / "r.json").read_text())
    assert [b["inputs"] for b in report["bugs"]] == [{"x": 13}]
    assert any(t["outcome"] == "returned" for t in report["tests"])
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA", "test_seg.py"],
                         capture_output=True, text=True, cwd=tmp_path)
    failed = [l for l in run.stdout.splitlines() if l.startswith("FAILED")]
    passed = [l for l in run.stdout.splitlines() if l.startswith("PASSED")]
    assert len(failed) == 1 and "bug_SIGSEGV" in failed[0] and passed, run.stdout


def test_killed_run_keeps_its_tests(tmp_path):
    # A run far too long to finish: kill it, then rebuild the tests from its run directory.
    target = os.path.join(ROOT, "tests", "integration", "targets", "misc.py") + ":counts_up"
    proc = subprocess.Popen([sys.executable, "-m", "smartest", "explore", target, "--max-runs", "100000000",
                             "--time-limit", "600", "--quiet", "--no-coverage"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    events = None
    deadline = time.time() + 300
    while time.time() < deadline:
        runs = list((tmp_path / ".smartest" / "runs").glob("*/events.jsonl")) if (tmp_path / ".smartest").exists() else []
        if runs and runs[0].read_text().count('"event": "test"') >= 5:
            events = runs[0]
            break
        time.sleep(0.2)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert events is not None
    p = smartest("emit", str(events.parent), "-o", "test_rebuilt.py", cwd=tmp_path)
    assert p.returncode in (0, 1), p.stderr
    assert "interrupted run" in p.stdout
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_rebuilt.py"],
                         capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0 and "passed" in run.stdout, run.stdout


def test_sigterm_stops_cleanly_and_reports(tmp_path):
    target = os.path.join(ROOT, "tests", "integration", "targets", "misc.py") + ":counts_up"
    # DART: its runs on counts_up are the cheapest (each extends the last path by one
    # branch, so the incremental solver never re-syncs), so runs > 0 within 4 s.
    proc = subprocess.Popen([sys.executable, "-m", "smartest", "explore", target, "--max-runs", "100000000",
                             "--strategy", "dart",
                             "--time-limit", "600", "--quiet", "--no-coverage", "--json", "r.json"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    # Signal once tests exist (not after a fixed sleep, which a loaded machine outlasts).
    deadline = time.time() + 300
    while time.time() < deadline:
        runs = list((tmp_path / ".smartest" / "runs").glob("*/events.jsonl")) if (tmp_path / ".smartest").exists() else []
        if runs and runs[0].read_text().count('"event": "test"') >= 5:
            break
        time.sleep(0.2)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["stop_reason"] == "interrupted" and report["runs"] > 0 and not report["complete"]
    assert "Traceback" not in err


BENCH = os.path.join(ROOT, "benchmarks", "programs")
EMIT_CASES = [("abs_testabs", "test_abs"), ("obscure", "obscure"),
              ("cube_fig6", "test"), ("deposit", "deposit_test"), ("containers_orders", "process")]


@pytest.mark.parametrize("name,function", EMIT_CASES, ids=[c[0] for c in EMIT_CASES])
def test_emitted_benchmark_tests_pass_or_fail_for_a_reason(tmp_path, name, function):
    """Every emitted file runs under pytest: each regression test passes, each bug test
    fails, and fails with the exception its name announces."""
    out = tmp_path / f"test_{name}.py"
    p = smartest("explore", f"{BENCH}/{name}.py:{function}", "--max-str-len", "3", "--max-len", "2",
                 "--max-runs", "300", "--emit-tests", str(out), cwd=tmp_path)
    assert p.returncode == 1, p.stdout + p.stderr   # each of these benchmarks has a bug
    xml = tmp_path / "results.xml"
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={xml}", str(out)],
                         capture_output=True, text=True, cwd=tmp_path)
    cases = ElementTree.parse(xml).getroot().iter("testcase")
    outcomes = {c.get("name"): [(e.tag, e.get("message", "")) for e in c if e.tag in ("failure", "error", "skipped")]
                for c in cases}
    passed = [n for n, o in outcomes.items() if not o]
    failed = {n: o[0] for n, o in outcomes.items() if o}
    assert passed and failed, run.stdout
    assert all("_bug_" not in n for n in passed), run.stdout
    for name, (tag, message) in failed.items():
        assert tag == "failure" and "_bug_" in name, (name, tag, message)
        announced = name.split("_bug_")[1].rsplit("_", 1)[0]
        assert announced in message, (name, message)
