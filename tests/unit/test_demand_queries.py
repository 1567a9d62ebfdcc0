"""What demand hands the solver: Ψ as its conjuncts (root first, so consecutive
queries share a prefix in the incremental solver), and a lazy Ψ marked provisional,
so its unsatisfiable answers (which prune nothing) are never sent to the bound probe."""
from __future__ import annotations

import os

import smartest
from smartest.engine.deepening import BoundProbe
from smartest.strategies.demand import searcher as demand_searcher
from smartest.strategies.demand.formula import and2
from smartest.strategies.demand.searcher import conjuncts
from smartest.terms import Sort, build, const, var

X, Y = var("x", Sort.INT), var("y", Sort.INT)
OBJECTS = os.path.join(os.path.dirname(__file__), "..", "integration", "targets", "demand_objects.py")


def test_conjuncts_of_a_local_path_are_its_edges_root_first():
    a, b, c = build.lt(X, const(1)), build.lt(Y, const(2)), build.eq(X, Y)
    psi = and2(and2(and2(a, b), a), c)
    assert conjuncts(psi) == (a, b, c)
    either = build.or_(a, c)
    assert conjuncts(and2(either, b)) == (either, b)     # a disjunction stays one constraint
    assert conjuncts(either) == (either,)


def test_lazy_queries_are_never_probed_for_a_bound_cut(monkeypatch):
    """The probe runs inside the engine's solve, right after the searcher's select:
    each probe is charged to the mode of the candidate just selected."""
    state, probed = {"mode": None}, []
    select = demand_searcher.DemandSearcher.select

    def recording_select(self):
        cand = select(self)
        state["mode"] = cand.origin[1] if cand is not None else None
        return cand

    call = BoundProbe.__call__

    def recording_probe(self, constraints, hints):
        probed.append(state["mode"])
        return call(self, constraints, hints)

    monkeypatch.setattr(demand_searcher.DemandSearcher, "select", recording_select)
    monkeypatch.setattr(BoundProbe, "__call__", recording_probe)
    report = smartest.explore(f"{OBJECTS}:runs_top", strategy="demand", run_dir=None, deepen=False, coverage=False,
                              max_str_len=4, max_runs=200, seed=0)
    assert report.stop_reason == "exhausted" and report.extra["demand"]["lazy_runs"] > 0
    assert "relevant" in probed and "lazy" not in probed, probed
