"""SMART on a lexer whose helpers pass positions to each other (issue 12, item 5):
a summarized int passed on into another call is answered by the path the run took
(`strategies/smart/answer.py`), so later queries do not carry a choice over every
path of every earlier helper.  Counts only: the largest query's `ite` nodes, not time.
Bugs are labels of plain re-execution (support.oracle)."""
from __future__ import annotations

import os

import smartest
from smartest.solver import z3backend
from support.oracle import FirstBugRuns, load

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CALC = os.path.join(ROOT, "benchmarks", "programs", "calc.py")
POSITIONS = os.path.join(ROOT, "tests", "integration", "targets", "positions.py")


def _ites(terms) -> int:
    seen, stack, n = set(), list(terms), 0
    while stack:
        t = stack.pop()
        if id(t) in seen:
            continue
        seen.add(id(t))
        n += t.op == "ite"
        stack.extend(a for a in t.args if hasattr(a, "args"))
    return n


def test_positions_passed_on_keep_queries_small(monkeypatch):
    largest = [0]
    check = z3backend.Z3Backend.check

    def counting(self, query):
        largest[0] = max(largest[0], _ites(query.constraints))
        return check(self, query)

    monkeypatch.setattr(z3backend.Z3Backend, "check", counting)
    report = smartest.explore(f"{CALC}:calc", strategy="smart", run_dir=None, deepen=False, coverage=False,
                              max_runs=60, max_str_len=5, seed=0)
    # Before: 331 ite nodes in the largest of the first 60 runs' queries (97 now).
    assert largest[0] <= 160, largest[0]
    functions = report.extra["smart"]["functions"]
    split = {q.rsplit(".", 1)[-1] for q, f in functions.items() if f["split_calls"]}
    assert {"skip_space", "number_end"} & split, functions
    # The report says which calls were answered so, and why.
    lines = [n for n in report.notes if "answered by the path they ran" in n]
    assert any(q in line for line in lines for q in split) and all("another call's arguments" in n for n in lines)


def test_answering_by_the_run_path_keeps_darts_bugs():
    """Theorem 2 still holds with those calls answered path by path: the search ends,
    complete, with DART's bug, and says which calls it answered so and why."""
    found = {}
    for strategy in ("dart", "smart"):
        first = FirstBugRuns(load(POSITIONS), "words")
        report = smartest.explore(f"{POSITIONS}:words", strategy=strategy, run_dir=None, deepen=False,
                                  coverage=False, max_runs=1500, max_str_len=6, seed=0, handlers=[first])
        assert report.stop_reason == "exhausted" and report.complete_under_bounds, strategy
        found[strategy] = set(first.first)
    assert found["smart"] == found["dart"] == {"bug AssertionError"}
    functions = report.extra["smart"]["functions"]
    assert any(f["split_calls"] for f in functions.values()), functions
