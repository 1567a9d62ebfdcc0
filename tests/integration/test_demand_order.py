"""demand as strong as DART where a lexer hands a parser a list (issue 12, items 2 and 5):
the values inside an object a callee returned are the caller's vocabulary, and lazy
runs come before relevant ones across the forest.  Counts of runs, seed 0; every bug
is checked by re-running its input on the plain function."""
from __future__ import annotations

import os

import smartest
from support.oracle import label, load

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OBJECTS = os.path.join(HERE, "targets", "demand_objects.py")
CALC = os.path.join(ROOT, "benchmarks", "programs", "calc_divzero.py")


def explore(path, function, strategy="demand", n=4, **kw):
    kw.setdefault("max_runs", 1500)
    kw.setdefault("time_limit", 600)   # a backstop: max_runs or exhaustion ends these searches
    return smartest.explore(f"{path}:{function}", strategy=strategy, run_dir=None, deepen=False, coverage=False,
                            max_str_len=n, seed=0, **kw)


def labels(path, function, report) -> list[str]:
    module = load(path)
    return [label(module, function, dict(t.inputs)) for t in report.tests if t.outcome != "pruned"]


def first_bug(labs) -> int | None:
    return next((i + 1 for i, lab in enumerate(labs) if lab.startswith("bug ")), None)


def test_values_inside_a_returned_list_are_over_the_callers_vocabulary():
    """`pieces` returns the lengths `run_end` computed; the caller's conditions on them
    were opaque (a fresh variable each run: 36 of them, search stalled incomplete)."""
    report = explore(OBJECTS, "runs_top")
    demand = report.extra["demand"]
    assert demand["imprecise"] == 0 and demand["mismatches"] == 0 and demand["diverged"] == 0
    assert not report.concretizations
    assert report.stop_reason == "exhausted" and report.complete_under_bounds
    assert report.fallback_runs == 0
    dart = explore(OBJECTS, "runs_top", "dart")
    found = {lab for lab in labels(OBJECTS, "runs_top", report) if not lab.startswith("return ")}
    assert found == {lab for lab in labels(OBJECTS, "runs_top", dart) if not lab.startswith("return ")}
    assert "bug AssertionError" in found


def test_calc_tokens_ends_complete_with_its_bug_within_twice_darts_runs():
    """The ZeroDivisionError of calc_tokens (n=4): on main demand found it at run 225 and
    ended "stalled" (DART: run 19, complete).  Relevant runs aimed at digits_end's loop
    exit, infeasible in every context tokenize calls it in, took runs 2-65 before the
    lazy runs that reach the parser's division."""
    report = explore(CALC, "calc_tokens")
    assert report.stop_reason == "exhausted" and report.complete_under_bounds, report.concretizations
    assert report.extra["demand"]["imprecise"] == 0
    dart = explore(CALC, "calc_tokens", "dart")
    dart_bug = first_bug(labels(CALC, "calc_tokens", dart))
    bug = first_bug(labels(CALC, "calc_tokens", report))
    assert dart_bug is not None and bug is not None
    assert bug <= max(2 * dart_bug, 45), (bug, dart_bug)
    assert report.runs <= dart.runs
