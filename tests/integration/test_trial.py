"""Defects a field trial on packages from the index found (notes/s7-trial.md), each
reduced to the smallest target that shows it; generated inputs are re-run plainly."""
import os

from smartest import explore
from targets import trial_targets as tt

TARGETS = os.path.join(os.path.dirname(__file__), "targets", "trial_targets.py")


def _explore(fn, **options):
    """Explore a function of the targets file by its path (not the function object)."""
    return explore(f"{TARGETS}:{fn.__name__}", run_dir=None, coverage=False, **options)


def test_a_symbolic_bool_compared_by_identity_with_true_is_its_value():
    report = _explore(tt.strict_flag, max_runs=20)
    assert sorted(tt.strict_flag(**t.inputs) for t in report.tests) == [0, 1]
    assert report.complete


def test_a_bool_or_str_flag_told_apart_by_identity_runs_as_the_plain_function():
    report = _explore(tt.resolve_terminal, max_runs=60, max_str_len=3)
    plain = {tt.resolve_terminal(**t.inputs) for t in report.tests}
    assert {"off", "xterm", "empty", "unknown"} <= plain
    for t in report.tests:
        assert t.outcome == "returned" and t.returned == tt.resolve_terminal(**t.inputs), t.inputs
