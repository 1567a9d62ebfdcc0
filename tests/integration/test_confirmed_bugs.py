"""A bug is reported only if its input shows it when run plainly (report/confirm.py).

An exception smartest's own code raises during a run lands at the target's frame;
here a defect is injected into the int proxy's `__mul__`, so that every run of the
target "raises" under exploration while its plain run returns."""
import os

import pytest

from smartest import explore
from smartest.symbolic.ints import SymInt

TARGETS = os.path.join(os.path.dirname(__file__), "targets", "confirm_targets.py")


@pytest.fixture
def broken_multiplication(monkeypatch):
    def defect(self, other):
        raise RecursionError("maximum recursion depth exceeded (inside smartest's model)")
    monkeypatch.setattr(SymInt, "__mul__", defect)


@pytest.mark.parametrize("coverage", [True, False])
def test_an_exception_of_smartest_s_own_is_not_reported_as_the_target_s_bug(broken_multiplication, coverage):
    report = explore(f"{TARGETS}:doubled", max_runs=20, coverage=coverage)
    assert not [t for t in report.tests if t.bug]
    assert not report.complete
    unreproduced = report.extra["unreproduced_bugs"]
    assert unreproduced and unreproduced[0]["seen"] == "RecursionError" and unreproduced[0]["plain"] == "returned"
    for t in report.tests:   # what is kept is what the plain function does
        assert t.outcome == "returned" and t.returned == (1 if t.inputs["x"] * 2 > 10 else 0)
    assert any("did not happen when the input was run plainly" in n for n in report.notes)


@pytest.mark.parametrize("coverage", [True, False])
def test_a_real_bug_is_confirmed_and_kept(coverage):
    report = explore(f"{TARGETS}:divides", max_runs=50, coverage=coverage)
    bugs = [t for t in report.tests if t.bug]
    assert bugs and "unreproduced_bugs" not in report.extra
    for t in bugs:
        assert t.inputs["x"] == 7   # the one input that divides by zero
    assert report.complete
