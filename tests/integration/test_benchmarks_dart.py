"""DART on the papers' benchmarks: exact path counts, no wasted run, every bug
reproduced by plain re-execution, nothing unreachable reported."""
from __future__ import annotations

import os

import pytest

import smartest
from support.oracle import label, load

BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "benchmarks", "programs")

# (file, entry point, n) with exact path counts in the file's EXPECTED
CASES = [
    ("locate_top", "top", 2), ("locate_top", "top", 4), ("locate_top", "top", 8),
    ("strcmp_testme", "testme", 2), ("strcmp_testme", "testme", 4),
    ("abs_testabs", "test_abs", 2), ("side_effect", "main", 2),
    ("locate_twice", "top_two_buffers", 2), ("locate_twice", "top_same_buffer", 4),
    ("deposit", "deposit_test", 2), ("deposit_guided", "deposit_test", 2),
    ("unsound_fig3", "test", 2), ("cube_fig6", "test", 2),
    ("hwm", "hwm", 2), ("calc", "calc", 3), ("pex_parser", "check", 2), ("pex_parser", "parse", 4),
]


def _expected(module, function):
    for e in [module.EXPECTED, *getattr(module, "EXPECTED_VARIANTS", [])]:
        if e["function"] == function:
            return e
    raise KeyError(function)


@pytest.mark.parametrize("name,function,n", CASES, ids=[f"{c[0]}.{c[1]}-n{c[2]}" for c in CASES])
def test_dart_explores_every_path_once(name, function, n):
    path = os.path.join(BENCH, f"{name}.py")
    module = load(path)
    expected = _expected(module, function)
    report = smartest.explore(f"{path}:{function}", run_dir=None, deepen=False, coverage=False, max_str_len=n, max_runs=2000,
                              strategy="dart")
    assert report.complete_under_bounds and report.stop_reason == "exhausted"
    assert report.paths == expected["paths"][n]
    assert report.runs == report.paths  # no wasted run
    labels = {t.index: label(module, function, dict(t.inputs)) for t in report.tests}
    bugs = {i for i, lab in labels.items() if lab.startswith("bug ")}
    assert {t.index for t in report.bugs} == bugs
    if expected["bug"] is not None and n >= 2 and name not in ("strcmp_testme", "hwm", "calc", "pex_parser"):  # bug needs a longer n
        assert bugs, "the reachable bug was not found"
    if expected["bug"] is None:
        assert not bugs


def test_obscure_bug_found_on_the_second_run_through_the_concrete_hash():
    path = os.path.join(BENCH, "obscure.py")
    module = load(path)
    report = smartest.explore(f"{path}:obscure", run_dir=None, deepen=False, coverage=False, max_runs=10)
    first_bug = min(t.index for t in report.bugs)
    assert first_bug + 1 <= 3
    assert label(module, "obscure", dict(report.tests[first_bug].inputs)) == "bug AssertionError"
    assert not report.complete  # the hash is outside the theory: DART must say so
    # str(y).encode() is modelled; the C hash of its bytes is where the theory ends.
    assert any("crc32" in c["reason"] for c in report.concretizations)


def test_strcmp_bug_reached_with_long_strings():
    path = os.path.join(BENCH, "strcmp_testme.py")
    module = load(path)
    report = smartest.explore(f"{path}:testme", run_dir=None, deepen=False, coverage=False, max_str_len=14, max_runs=2000)
    assert report.bugs
    assert label(module, "testme", dict(report.bugs[0].inputs)) == "bug AssertionError"
