"""A package run's --time-limit holds: each function's slice is what is left less
the work measured around the explorations, and once the budget is spent no function
starts (project/slices.py).  Counted on a fake clock that the fake explorations
advance: no assertion depends on the machine's speed."""
from __future__ import annotations

import argparse
import textwrap
import time

import pytest

from smartest.options import Options
from smartest.project import driver
from smartest.report.report import Report

FUNCTIONS = 12


class FakeClock:
    """Stands for the `time` module of the driver and of project/slices.py."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def time(self) -> float:
        return self.now


@pytest.fixture
def package(tmp_path):
    path = tmp_path / "many.py"
    path.write_text("".join(textwrap.dedent(f"""
        def f{i}(x: int) -> int:
            return x + {i}
        """) for i in range(FUNCTIONS)))
    return path


def _run(package, monkeypatch, work: float, limit: float = 60.0, before: float = 0.0):
    """explore_project over FUNCTIONS functions, each exploration taking its whole slice
    and `work` more seconds of fake time, the command having started `before` seconds
    earlier; (slices given, fake seconds elapsed, rows)."""
    clock = FakeClock()
    monkeypatch.setattr(driver, "time", clock)
    monkeypatch.setattr("smartest.project.slices.time", clock, raising=False)
    slices = []

    def run_one(child_args, options, target):
        slices.append(options.time_limit)
        clock.now += options.time_limit + work
        child_args.on_report(Report(target.spec, "dart", 1, 1, False, options.time_limit, {"queries": 0}, [],
                                    stop_reason="time_limit"), target)
        return 0

    captured = {}
    monkeypatch.setattr(driver, "table", lambda rows: captured.setdefault("rows", rows) and "")
    args = argparse.Namespace(target=str(package), emit_path=None, json_path=None, html_dir=None,
                              all_paths=False, quiet=True, started_at=clock.now - before)
    start = clock.now
    driver.explore_project(args, Options(time_limit=limit, workers=1), run_one, forked=False)
    return slices, clock.now - start, captured["rows"]


def test_work_around_each_exploration_is_taken_out_of_the_slices(package, monkeypatch):
    """3 s of work per function (replay, report, fork): all 12 explored, the run ends
    within its 60 s, and every slice after the first leaves room for the work."""
    slices, elapsed, rows = _run(package, monkeypatch, work=3.0)
    assert len(slices) == FUNCTIONS and all(r.report is not None for r in rows)
    assert elapsed <= 60.0 + 1e-9, elapsed
    assert slices[0] == pytest.approx(60.0 / FUNCTIONS)
    # the first function's work (unknown when it started) is paid by the others
    assert all(s < 60.0 / FUNCTIONS for s in slices[1:])


def test_no_function_starts_once_the_budget_is_spent(package, monkeypatch):
    """8 s of work per function: not all fit in 60 s.  As many as fit are explored
    (at least the least slice each), the others are not, and say why; the run ends
    within its budget instead of giving each function a slice past the deadline."""
    slices, elapsed, rows = _run(package, monkeypatch, work=8.0)
    explored = [r for r in rows if r.report is not None]
    skipped = [r for r in rows if r.report is None]
    assert 0 < len(explored) < FUNCTIONS and len(slices) == len(explored)
    assert elapsed <= 60.0 + 1e-9, elapsed
    assert all(s >= driver.MIN_SLICE_S for s in slices)
    assert skipped and all("--time-limit (60 s) was used up" in r.reason for r in skipped)


def test_time_before_the_first_function_counts(package, monkeypatch):
    """The command's own start (interpreter, re-execution, discovery) is part of the
    budget: a run that started 10 s before the package's exploration has 50 s left."""
    slices, elapsed, _ = _run(package, monkeypatch, work=0.0, before=10.0)
    assert sum(slices) == pytest.approx(50.0) and elapsed == pytest.approx(50.0)


def test_slices_alone():
    """The arithmetic: the mean work measured so far is kept for every function to go,
    and the emission's reserve for the end."""
    from smartest.project.slices import EMIT_START_S, Slices
    clock = FakeClock()
    s = Slices(30.0, clock.monotonic)
    assert s.next(3) == pytest.approx(10.0)
    clock.now += 12.0            # 10 s exploring, 2 s around it
    s.done(10.0)
    assert s.overhead() == pytest.approx(2.0)
    s.reserve_for_emission(0)
    assert s.next(2) == pytest.approx((18.0 - EMIT_START_S) / 2 - 2.0)
    clock.now += 100.0
    assert s.next(1) is None
    assert time.monotonic() > 0   # the real clock is untouched
