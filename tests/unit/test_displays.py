"""Dict and set displays in the target's code keep symbolic keys as terms (the source
rewrite), so a tally or a `seen` set built with `{}` is explored exactly."""
from __future__ import annotations

import os

import smartest
from support.oracle import label, load

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.join(HERE, "targets", "displays.py")


def _labels(function, **options):
    module = load(TARGET)
    report = smartest.explore(f"{TARGET}:{function}", run_dir=None, deepen=False, coverage=False, **options)
    return report, {label(module, function, dict(t.inputs)) for t in report.tests}


def test_a_tally_in_an_empty_display_is_exact():
    report, labels = _labels("pair_kind", max_str_len=1)
    assert report.complete_under_bounds, report.concretizations
    assert labels == {"return 'same'", "return 'different'"}


def test_a_set_display_of_symbolic_values_is_exact():
    report, labels = _labels("distinct_of_three")
    assert report.complete_under_bounds, report.concretizations
    assert labels == {"return 1", "return 2", "return 3"}


def test_displays_stay_plain_outside_an_exploration():
    module = load(TARGET)
    assert module.pair_kind("a", "a") == "same" and module.distinct_of_three(1, 2, 1) == 2
