"""SMART in DART's order (`--strategy smart-dfs`, strategies/smart/dart_order.py) against
DART in runs (issue 12, item 5).

Each bug is a label of plain re-execution (support.oracle: the input run again on the
plain function); the run of each is counted by a handler, not read from the engine's
report; seeds are fixed.  DART and smart-dfs explore in the same process, DART first.

The five programs are those on which the paper's callee-first order (`smart`) reaches
the bug later than DART (notes/s7-smart2.md): metered 4/2, shapes 5/3, two_digits 8/5,
calc_pure 33/26, calc_tokens 23/19 (SMART/DART); callee_first is the family on which
no callee-first order can (targets/callee_first.py).
"""
from __future__ import annotations

import os

import pytest

from support.oracle import first_bugs, label, load

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(ROOT, "benchmarks", "programs")
TARGETS = os.path.join(ROOT, "tests", "integration", "targets", "compositional.py")
CALLEE_FIRST = os.path.join(ROOT, "tests", "integration", "targets", "callee_first.py")


FIVE = [(TARGETS, "metered", 4), (TARGETS, "shapes", 4), (TARGETS, "two_digits", 4),
        (os.path.join(BENCH, "calc_divzero.py"), "calc_pure", 4),
        (os.path.join(BENCH, "calc_divzero.py"), "calc_tokens", 4),
        (CALLEE_FIRST, "caller", 4)]


@pytest.mark.parametrize("path,function,n", FIVE, ids=["metered", "shapes", "two_digits", "calc_pure", "calc_tokens",
                                                        "callee_first"])
def test_each_bug_no_later_than_darts_run(path, function, n):
    _, dart = first_bugs(path, function, "dart", n)
    report, mine = first_bugs(path, function, "smart-dfs", n)
    late = {bug: (mine.get(bug), run) for bug, run in dart.items() if mine.get(bug, run + 1) > run}
    assert dart and not late, (dart, late)
    assert report.extra["smart"]["summaries"] > 0      # summaries apply here
    module = load(path)                               # and the bug input, run plainly, is one
    assert any(label(module, function, dict(t.inputs)).startswith("bug ") for t in report.tests)


# Runs to exhaustion where summaries collapse DART's product of paths (measured: 67, 33, 34; DART: hwm n=3
# 202, strcmp_testme n=8 289, locate_twice.top_same_buffer n=8 137).
COLLAPSE = [(os.path.join(BENCH, "hwm.py"), "hwm", 3, 80),
            (os.path.join(BENCH, "strcmp_testme.py"), "testme", 8, 45),
            (os.path.join(BENCH, "locate_twice.py"), "top_same_buffer", 8, 45)]


@pytest.mark.parametrize("path,function,n,most", COLLAPSE, ids=[c[1] for c in COLLAPSE])
def test_summaries_still_collapse_the_runs_to_exhaustion(path, function, n, most):
    report, _ = first_bugs(path, function, "smart-dfs", n)
    assert report.stop_reason == "exhausted" and report.complete_under_bounds
    assert report.runs <= most, report.runs


def test_the_report_says_how_each_call_was_handled_and_why():
    report, _ = first_bugs(os.path.join(BENCH, "calc_divzero.py"), "calc_tokens", "smart-dfs", 4, max_runs=60)
    lines = {line.split(":")[0].strip(): line for line in report.notes if line.startswith("  ")}
    assert "returned an object" in lines["programs.calc_divzero.tokenize"]        # inlined, and why
    assert "run on the path" in lines["programs.calc_divzero.digits_end"]         # its calls, and its summary's use
    facts = report.extra["smart"]["functions"]["programs.calc_divzero.digits_end"]
    assert facts["paths"] > 0 and facts["summarized_calls"] > 0


def test_a_helper_called_in_a_loop_costs_queries_as_dart_does():
    """Each side past a loop of helper calls is asked under up to 16 summaries, one more
    at a time (`_defer`).  Once the last stage is refuted, every stage is, so their
    queries are saved (`_weakest_refuted`): on countdown, measured 1,720 backend queries
    before (DART: 368) and 533 after.  Counted by the solver, to exhaustion; every path
    DART's inputs take, and every outcome of x in -5..69, smart-dfs's inputs take too
    (re-run on the plain function)."""
    path = os.path.join(ROOT, "tests", "integration", "targets", "loop_calls.py")
    dart, _ = first_bugs(path, "countdown", "dart", 4)
    mine, _ = first_bugs(path, "countdown", "smart-dfs", 4)
    assert dart.stop_reason == mine.stop_reason == "exhausted" and mine.complete
    assert mine.solver["backend_queries"] <= 2 * dart.solver["backend_queries"], (mine.solver, dart.solver)
    module = load(path)
    reached = {label(module, "countdown", dict(t.inputs)) for t in mine.tests}
    assert {label(module, "countdown", dict(t.inputs)) for t in dart.tests} <= reached
    assert {label(module, "countdown", {"x": x}) for x in range(-5, 70)} <= reached


def test_no_query_under_summaries_holds_a_condition_and_its_negation(monkeypatch):
    """Most sides asked under summaries are conditions the caller decided before, implied
    there; under a stage that replaces no call between the two, the query holds the
    condition and its negation, and is refuted without a solver (dart_order._contradictory;
    calc, 60 runs: 1,116 of 2,586 summary queries were such, each a backend query).  So
    are DART's queries of the sides whose condition over the inputs was decided before
    under a callee's own variables (`_Run.dart_refuted`; 22 on calc_pure).  On calc_tokens
    main made 167 such queries, all on the summary stream.  Every query
    that reaches the solver chain is recorded; the search still reaches every bug DART
    reaches, by plain re-execution."""
    from smartest.solver.independence import IndependenceSolver
    from smartest.terms import build as make
    asked = []
    check = IndependenceSolver.check

    def recording(self, query):
        asked.append(query)
        return check(self, query)

    monkeypatch.setattr(IndependenceSolver, "check", recording)
    path = os.path.join(BENCH, "calc_divzero.py")
    report, mine = first_bugs(path, "calc_tokens", "smart-dfs", 4)
    assert report.stop_reason == "exhausted"
    summary_queries = [q for q in asked if q.stream == 12]
    assert len(summary_queries) > 100           # the test reaches the summary queries
    contradictory = [q for q in asked
                     if any(make.not_(c) in set(q.constraints[:i]) for i, c in enumerate(q.constraints))]
    assert not contradictory, len(contradictory)
    monkeypatch.undo()
    _, dart = first_bugs(path, "calc_tokens", "dart", 4)
    assert dart and set(dart) <= set(mine)
