"""The demand-driven strategy under `--guided` (issue 12): every guided mode ends its
search complete with every unverified bug a DART search reaches, each label taken by
re-running the generated inputs on the plain function.

Three things broke the composition (each test below fails if one comes back):
demand's trees closed the satisfying side of a violated `assume` (a pruned run), so
MAY's pruned runs left nothing to search; a run a `tryfirst` interrupted was added to
the trees as if the functions had ended there, and its MUST side was solved over
run-local variables (a callee's formals, the values calls returned) that tie nothing
to the inputs; and the engine's DART fallback solved those same variables freely.
"""
from __future__ import annotations

import os

import pytest

import smartest
from support.oracle import label, load

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(ROOT, "benchmarks", "programs")
CASES = [("deposit_guided", "deposit_test"), ("deposit_guided", "deposit_test_extra"),
         ("guided_quote", "quote_test")]


def explore(name: str, function: str, strategy: str, guided: str):
    return smartest.explore(f"{os.path.join(BENCH, name + '.py')}:{function}", strategy=strategy, guided=guided,
                            run_dir=None, deepen=False, coverage=False, max_runs=400, time_limit=120,
                            max_str_len=3, seed=0)


def bugs(report, module, function: str) -> set[str]:
    out = set()
    for t in report.tests:
        if t.outcome in ("returned", "raised"):
            lab = label(module, function, dict(t.inputs))
            if lab.startswith("bug "):
                out.add(lab)
    return out


@pytest.mark.parametrize("guided", ["may", "must", "may-must"])
@pytest.mark.parametrize("name,function", CASES, ids=[f"{n}.{f}" for n, f in CASES])
def test_demand_under_guidance_is_complete_and_finds_every_bug_dart_finds(name, function, guided):
    module = load(os.path.join(BENCH, name + ".py"))
    dart = explore(name, function, "dart", "off")
    demand = explore(name, function, "demand", guided)
    assert dart.stop_reason == "exhausted"
    assert demand.stop_reason == "exhausted", (demand.stop_reason, demand.concretizations)
    assert demand.complete_under_bounds
    # Nothing a compositional run solved diverged: the queries were over the inputs.
    assert demand.divergences == 0
    assert bugs(dart, module, function) <= bugs(demand, module, function)
    assert bugs(demand, module, function)


def test_a_run_cut_short_by_tryfirst_adds_no_leaf_to_demands_trees():
    """The interrupted runs of MUST leave no false leaf: no local path contradicts its tree."""
    report = explore("deposit_guided", "deposit_test", "demand", "must")
    assert report.extra["guided"]["interrupts"] > 0
    assert report.extra["demand"]["mismatches"] == 0
    assert report.extra["demand"]["imprecise"] == 0
