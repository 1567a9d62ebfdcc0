"""A few entries of the held-out campaign (benchmarks/heldout.py), as quality checks:
smartest with default flags on wrappers over standard-library code nobody here wrote.

Reachable outcomes come from the campaign's hand witnesses, run on the plain function;
reached ones from re-running the generated inputs on it.  Never `complete` with an
outcome missed; these entries, once modelled (a pattern compiled by library code, a
bound lookup, the loop models of str methods, an attribute-held proxy), reach them all.
Slow (budgets of seconds each): run by the benchmark runner, not CI.
"""
from __future__ import annotations

import importlib.util
import os

import pytest

import smartest
from smartest.engine.loop import UNEXPLAINED_DIVERGENCE
from support.oracle import label, load

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "benchmarks")
TARGETS = os.path.join(ROOT, "heldout", "targets.py")
ENTRIES = ["template", "glob_like", "is_keyword", "translate", "swapped", "lines", "dedent"]


def _campaign():
    spec = importlib.util.spec_from_file_location("heldout_campaign", os.path.join(ROOT, "heldout.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.quality
@pytest.mark.parametrize("name", ENTRIES)
def test_heldout_entry_reaches_every_outcome_and_never_lies(name):
    plain = load(TARGETS)
    witnesses = _campaign().ENTRIES[name][0]
    reachable = {label(plain, name, dict(w)) for w in witnesses}
    report = smartest.explore(f"{TARGETS}:{name}", run_dir=None, coverage=False, max_runs=300, time_limit=60)
    reached = {label(plain, name, dict(t.inputs)) for t in report.tests if t.outcome in ("returned", "raised")}
    missed = reachable - reached
    assert not (missed and report.complete), f"complete, but missed {sorted(missed)}"
    assert not missed, (sorted(missed), report.concretizations)
    assert not [c for c in report.concretizations if c["reason"] == UNEXPLAINED_DIVERGENCE]
