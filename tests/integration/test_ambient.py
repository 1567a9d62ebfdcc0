"""Inputs smartest does not make (engine/ambient.py): a function that reads the command
line, the environment, stdin, a file, the clock or chance on its own behalf is never
`complete`, and the report names what it read and where.  Every `_reads` case failed
before (the run said `complete` after one run); the pure ones stay complete."""
from __future__ import annotations

import datetime
import json
import os
import random
import subprocess
import sys
import time

import pytest

import smartest

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.join(HERE, "targets", "ambient.py")
SRC = os.path.dirname(os.path.dirname(os.path.abspath(smartest.__file__)))   # the smartest under test


def _explore(fn: str, **options):
    options = {"run_dir": None, "coverage": False, "max_runs": 30, "time_limit": 60, "seed": 1, **options}
    return smartest.explore(f"{TARGET}:{fn}", **options)


READS = [  # function, kind of input (the reason), callee the report names
    ("argv_direct", "the command line", "sys.argv"),
    ("argv_held", "the command line", "sys.argv"),
    ("argv_argparse", "the command line (sys.argv)", "argparse.ArgumentParser.parse_known_args"),
    ("env_getenv", "the environment (os.environ)", "os.getenv"),
    ("env_held", "the environment (os.environ)", "os.environ.__contains__"),
    ("env_subscript", "the environment", "os.environ"),
    ("stdin_line", "standard input", "sys.stdin"),
    ("stdin_input", "standard input (sys.stdin)", "input"),
    ("file_read", "the file system (", "open"),
    ("file_pathlib", "the file system (", "pathlib.Path.read_text"),
    ("lists_dir", "the file system (the listing of", "os.listdir"),
    ("clock_time", "the clock", "time.time"),
    ("clock_strftime", "the clock", "time.strftime"),
    ("clock_held", "the clock", "time.monotonic"),
    ("clock_datetime", "the clock", "datetime.datetime.now"),
    ("clock_date", "the clock", "datetime.date.today"),
    ("clock_local_import", "the clock", "datetime.datetime.now"),
    ("random_module", "randomness (random.getrandbits)", "random.randint"),
    ("random_bytes", "randomness", "os.urandom"),
    ("random_uuid", "randomness (os.urandom)", "uuid.uuid4"),
    ("random_secrets", "randomness (os.urandom)", "secrets.token_hex"),
]


@pytest.mark.parametrize("fn, what, callee", READS, ids=[r[0] for r in READS])
def test_a_function_that_reads_an_input_smartest_does_not_make_is_not_complete(fn, what, callee):
    report = _explore(fn)
    assert not report.complete
    ambient = [c for c in report.concretizations if c["reason"].startswith("an input smartest does not make: ")]
    assert ambient, report.concretizations
    assert any(c["callee"] == callee and what in c["reason"] and "ambient.py:" in c["site"]
               for c in ambient), ambient


@pytest.mark.parametrize("fn", ["pure", "uses_tempfile", "uses_logging", "parses_given_list", "random_seeded",
                                "imports_lazily", "pickles_a_date"])
def test_a_function_that_reads_nothing_of_the_kind_stays_complete(fn):
    # tempfile's directory and names, logging's time stamps, argparse's program name
    # and help width, a generator seeded by the run, a module's import: none of them
    # steers the function.  (pickles_a_date: a datetime made during a run pickles, as
    # sys.modules["datetime"] keeps the real classes.)
    report = _explore(fn)
    assert report.complete, report.concretizations


def test_the_stand_ins_are_put_back_after_an_exploration():
    argv, environ_class, stdin = sys.argv, type(os.environ), sys.stdin
    _explore("env_getenv")
    _explore("clock_datetime")
    assert sys.argv is argv and type(sys.argv) is list and type(os.environ) is environ_class
    assert sys.stdin is stdin and time.time.__module__ == "time" and type(time.time).__name__ == "builtin_function_or_method"
    assert datetime.datetime.now.__self__ is datetime.datetime and type(random.random).__name__ == "builtin_function_or_method"
    held = sys.modules[next(n for n, m in sys.modules.items() if getattr(m, "__file__", None) == TARGET)]
    assert held.monotonic is time.monotonic and held.datetime is datetime and held.date is datetime.date
    # A module first imported during a run binds the stand-ins there: it gets the real ones back.
    assert "ambient_imported_clock" not in sys.modules
    _explore("imports_clock_helper", max_runs=1)     # imported during the last run
    helper = sys.modules["ambient_imported_clock"]
    assert helper.clock is time.time and helper.datetime is datetime and helper.date is datetime.date


def test_the_cli_names_the_input_in_its_summary_and_json(tmp_path):
    out = tmp_path / "r.json"
    tests = tmp_path / "test_emitted.py"
    env = {**os.environ, "PYTHONPATH": SRC}
    r = subprocess.run([sys.executable, "-m", "smartest", "explore", f"{TARGET}:env_getenv", "--no-run-dir",
                        "--json", str(out), "--emit-tests", str(tests), "--time-limit", "60"],
                       capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "incomplete (it reads inputs smartest does not make: the environment)" in r.stdout
    assert "os.getenv: an input smartest does not make: the environment (os.environ)" in r.stdout
    report = json.loads(out.read_text())
    assert report["complete"] is False
    assert [c["callee"] for c in report["concretizations"]] == ["os.getenv"]
    assert "stdin" not in tests.read_text()     # no run read stdin: no empty-stdin fixture
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests)],
                         capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr


def test_workers_report_the_read_too():
    report = _explore("env_getenv", workers=2)
    assert not report.complete
    assert any(c["callee"] == "os.getenv" for c in report.concretizations), report.concretizations


def test_a_stand_in_given_a_proxy_still_records_the_escape():
    report = _explore("localtime_of", max_runs=10)
    assert not report.complete
    assert any(c["callee"] == "time.gmtime" and c["reason"] == "C code used the concrete value"
               for c in report.concretizations), report.concretizations
    assert not [c for c in report.concretizations if c["reason"].startswith("an input smartest does not make")]


def test_a_package_command_that_parses_sys_argv_is_not_complete_in_the_table(tmp_path):
    # The case that started this: `cmd()` of a package, no parameters, argparse over
    # sys.argv; it was "complete" after one run with 0/6 branches covered.
    pkg = tmp_path / "clitool"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "main.py").write_text(
        "import argparse\n\n\n"
        "def cmd():\n"
        "    parser = argparse.ArgumentParser()\n"
        "    parser.add_argument('--times', type=int, default=1)\n"
        "    args, _ = parser.parse_known_args()\n"
        "    if args.times < 1:\n"
        "        return 'nothing'\n"
        "    return 'x' * args.times\n")
    env = {**os.environ, "PYTHONPATH": SRC}
    r = subprocess.run([sys.executable, "-m", "smartest", "explore", "clitool/", "--no-run-dir", "--time-limit", "60"],
                       capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    row = next(line for line in r.stdout.splitlines() if line.startswith("clitool.main:cmd"))
    assert row.endswith("incomplete: it reads inputs smartest does not make: the command line"), r.stdout
    assert "argparse.ArgumentParser.parse_known_args: an input smartest does not make: the command line (sys.argv)" \
        in r.stdout


def test_type_of_a_real_date_is_still_the_targets_date_class_during_a_run():
    """The target's `date` and `datetime.datetime` are twins during a run; `type(v) is
    date` asked of a real instance answered False there and the run returned
    'neither', a value no plain call returns."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("ambient_plain", TARGET)
    plain = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plain)
    report = _explore("date_or_datetime")
    assert report.complete
    assert {plain.date_or_datetime(**t.inputs) for t in report.tests} == {"date", "datetime"}
    assert {t.returned for t in report.tests if t.outcome == "returned"} == {"date", "datetime"}


def test_the_end_of_the_empty_stdin_is_not_a_bug():
    # input() raising EOFError at the end of the empty stdin smartest gives every run
    # is what that stand-in made happen, not the target's bug; the run still says it
    # read stdin.  (It was reported as a bug: "EOFError: EOF when reading a line".)
    report = _explore("asks_a_name")
    assert not report.complete
    assert not report.bugs, [t.raised for t in report.bugs]
    raised = [t for t in report.tests if t.raised is not None]
    assert raised and all(t.raised.type == "EOFError" and t.inputs["n"] > 3 for t in raised)
    assert any(c["callee"] == "input" for c in report.concretizations), report.concretizations


@pytest.mark.parametrize("fn", ["asks_a_name", "counts_stdin_lines"])
def test_emitted_tests_of_a_stdin_reader_pass_under_pytest(tmp_path, fn):
    # Under pytest, reading the captured stdin raises OSError; the emitted module gives
    # its tests the empty stdin the runs had, so each passes for the reason it was
    # generated (it failed with "pytest: reading from stdin while output is captured").
    tests = tmp_path / "test_emitted.py"
    env = {**os.environ, "PYTHONPATH": SRC}
    r = subprocess.run([sys.executable, "-m", "smartest", "explore", f"{TARGET}:{fn}", "--no-run-dir",
                        "--emit-tests", str(tests), "--time-limit", "60", "--max-runs", "30"],
                       capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    source = tests.read_text()
    assert "monkeypatch.setattr(sys, 'stdin', io.StringIO(''))" in source
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests)],
                         capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert " passed" in run.stdout and "failed" not in run.stdout



def test_tests_emitted_from_an_interrupted_run_of_a_stdin_reader_pass_under_pytest(tmp_path):
    # `smartest emit RUN_DIR` of a run that was killed has no report saying which runs
    # read stdin; its tests of a stdin reader failed under pytest's captured stdin.
    env = {**os.environ, "PYTHONPATH": SRC}
    r = subprocess.run([sys.executable, "-m", "smartest", "explore", f"{TARGET}:asks_a_name", "--run-dir", "rd",
                        "--time-limit", "60", "--max-runs", "30", "--quiet"],
                       capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    [run] = (tmp_path / "rd" / "runs").iterdir()
    # What a kill after the last test leaves: no report, no end event.
    (run / "report.json").unlink()
    events = run / "events.jsonl"
    events.write_text("".join(line for line in events.read_text().splitlines(keepends=True)
                              if json.loads(line)["event"] != "end"))
    tests = tmp_path / "test_emitted.py"
    e = subprocess.run([sys.executable, "-m", "smartest", "emit", str(run), "-o", str(tests)],
                       capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert e.returncode == 0 and "interrupted run" in e.stdout, e.stdout + e.stderr
    assert "EOFError" in tests.read_text()   # a test of the read is among them
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tests)],
                         capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
