"""Bounds that do not lie (issue 11, item 3): --max-str-len/--max-len are starting bounds.

Outcomes are labelled by re-running the generated inputs on the plain function."""
from __future__ import annotations

import os

import smartest
from targets import bounds

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = os.path.join(HERE, "targets", "bounds.py")


def _returns(report, fn):
    return {fn(**dict(t.inputs)) for t in report.tests if t.outcome == "returned"}


def test_a_string_longer_than_the_bound_is_reached_by_deepening():
    report = smartest.explore(f"{SPEC}:long_word", run_dir=None, coverage=False, max_str_len=4, max_runs=200)
    assert _returns(report, bounds.long_word) == {0, 1}
    assert report.complete and report.bounded is None


def test_a_container_longer_than_the_bound_is_reached_by_deepening():
    report = smartest.explore(f"{SPEC}:many_items", run_dir=None, coverage=False, max_len=2, max_runs=200)
    assert _returns(report, bounds.many_items) == {0, 1}


def test_fixed_bounds_that_cut_a_path_are_reported_not_complete():
    report = smartest.explore(f"{SPEC}:long_word", run_dir=None, coverage=False, max_str_len=4, deepen=False)
    assert _returns(report, bounds.long_word) == {0}
    assert not report.complete and report.bounded == {"max_str_len": 4, "max_len": 4}
    assert report.complete_under_bounds and report.as_dict()["bounded"] == report.bounded


def test_bounds_that_cut_nothing_stay_complete():
    report = smartest.explore(f"{SPEC}:short_only", run_dir=None, coverage=False, max_str_len=4, max_runs=200)
    assert _returns(report, bounds.short_only) == {0, 1}
    assert report.complete and report.bounded is None


def test_a_container_length_past_twice_the_bound_is_seen_as_cut():
    # The probe opens container lengths (cells stop at twice the bound): `len(xs) > 10`
    # under a bound of 4 is a cut, so the search deepens instead of claiming complete.
    report = smartest.explore(f"{SPEC}:very_many_items", run_dir=None, coverage=False, max_len=4, max_runs=200)
    assert _returns(report, bounds.very_many_items) == {0, 1}
    fixed = smartest.explore(f"{SPEC}:very_many_items", run_dir=None, coverage=False, max_len=4, deepen=False)
    assert _returns(fixed, bounds.very_many_items) == {0}
    assert not fixed.complete and fixed.bounded == {"max_str_len": 8, "max_len": 4}


def test_a_deeper_round_does_not_run_again_what_the_last_one_ran():
    # strcmp_testme has 720 paths under 16 characters; the first round (8) runs 289 of
    # them.  Carried to the next round as runs, they are not made again: the search ends
    # after about one run per path (it took 1,009 when every round started afresh) and
    # reaches the bug with the default budget of 1,000 runs.
    spec = os.path.join(HERE, "..", "..", "benchmarks", "programs", "strcmp_testme.py")
    import importlib.util
    loaded = importlib.util.spec_from_file_location("strcmp_plain", spec)
    plain = importlib.util.module_from_spec(loaded)
    loaded.loader.exec_module(plain)
    for strategy in ("dart", "duet", "portfolio", "interleaved"):
        report = smartest.explore(f"{spec}:testme", run_dir=None, coverage=False, strategy=strategy)
        assert report.complete and report.runs <= report.paths + 2, (strategy, report.runs, report.paths)
        found = []
        for t in report.tests:
            try:
                plain.testme(**t.inputs)
            except AssertionError:
                found.append(t.inputs)
        assert found, strategy
