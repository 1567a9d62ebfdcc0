"""What LATEST's all-at-once choice of known paths costs in solver queries (issue 12
item 3; notes/s7-latest2.md).

On `incdec` every abstract path is a chain of 7 to 60 `inc` and `dec` calls, each
with two known paths.  Choosing them one query per call (and, where the countdown
needs its coarse steps first, a depth-first search that gave up after 135 to 163
queries, then the backward choice's 50 to 80) made the lazy search ask 3,465 queries
in 100 runs, and under strict turns `--strategy latest` ten times DART's CPU.  Now
the choice asks its first leaf in one query, then the known paths as one
disjunction.  Counts only (seed 0, no clock: the time limit is far above what the
run budget needs); every reported input is re-run on the plain function."""
from __future__ import annotations

import os

import pytest

import smartest
from support.oracle import load

INCDEC = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "benchmarks",
                                       "programs", "incdec.py"))


def _explore(runs: int, **latest):
    return smartest.explore(f"{INCDEC}:incdec", strategy="latest", run_dir=None, coverage=False, seed=0,
                            max_str_len=3, max_runs=runs, time_limit=100_000, deepen=False,
                            settings=latest or None)


def _countdowns(report) -> set[int]:
    """The decrement loop's step counts the reported inputs take, by plain re-execution
    (each input's outcome checked against the engine's report on the way)."""
    module = load(INCDEC)
    steps = set()
    for t in report.tests:
        x = t.inputs["x"]
        try:
            value = module.incdec(x)
        except AssertionError:
            assert t.outcome == "raised" and t.raised.type == "AssertionError", (x, t.outcome)
            steps.add(19)
        else:
            assert t.outcome == "returned" and t.returned == value, (x, t.returned, value)
            steps.add(value)
    return steps


def test_the_lazy_search_chooses_known_paths_in_a_few_queries_per_abstract_path():
    """The lazy search alone, 100 runs: 44 abstract paths, each concretized by one
    all-at-once run.  Measured: 206 queries here, 3,465 before (one query per call)."""
    report = _explore(100, interleave=False)
    latest = report.extra["latest"]
    assert latest["abstract_paths"] >= 40 and latest["concretized"] == latest["abstract_paths"], latest
    assert len(_countdowns(report)) >= 40
    assert report.solver["queries"] <= 600, report.solver["queries"]


def test_the_default_latest_costs_about_what_darts_half_costs():
    """`--strategy latest`, 200 runs (100 each half): DART's half alone asked 1,536
    queries here (its refused flips), the lazy half 194: 1,730 in all.  Before, the
    lazy half's choices made it 4,989 (notes/s7-latest2.md)."""
    report = _explore(200)
    latest = report.extra["latest"]
    assert latest["lazy_runs"] >= 99 and latest["dart_runs"] >= 99, latest
    assert len(_countdowns(report)) >= 40
    assert report.solver["queries"] <= 2_500, report.solver["queries"]


@pytest.mark.quality
def test_the_default_latest_finishes_incdec_within_twice_darts_queries():
    """To exhaustion (965 paths): `complete`, the assertion's one input among the
    reported ones, and no more than twice DART's queries."""
    dart = smartest.explore(f"{INCDEC}:incdec", strategy="dart", run_dir=None, coverage=False, seed=0,
                            max_str_len=3, max_runs=5_000, time_limit=100_000, deepen=False)
    report = _explore(5_000)
    assert dart.complete and report.complete, (dart.stop_reason, report.stop_reason)
    assert 19 in _countdowns(report) and 19 in _countdowns(dart)
    assert report.solver["queries"] <= 2 * dart.solver["queries"], (report.solver["queries"], dart.solver["queries"])
