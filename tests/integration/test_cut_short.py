"""A run the clock ends (--per-run-timeout) leaves what follows its hang unrun, so the
search is not complete, and the report says why (as a concretization-like record)."""
from __future__ import annotations

import os

import smartest

TARGET = os.path.join(os.path.dirname(os.path.abspath(__file__)), "targets", "hang_after_branch.py") + ":f"


def test_a_run_that_timed_out_clears_complete_and_says_why():
    report = smartest.explore(TARGET, per_run_timeout=1.0, run_dir=None, coverage=False, max_runs=20)
    outcomes = {t.outcome.value if hasattr(t.outcome, "value") else t.outcome for t in report.tests}
    assert outcomes == {"timeout", "returned"}
    assert not report.complete
    assert any("timed out" in c["reason"] for c in report.concretizations)
