"""The demand-driven encoding checked by evaluation, not by the search: after a few
runs of Figure 1's program, the lazy interprocedural path constraint Ψ_n of a side
must hold exactly on the inputs that reach it through known intraprocedural paths,
the definition predicate of a fully explored abs must be abs itself, and relevant
exploration must prune what cannot reach the target."""
from __future__ import annotations

import os

import pytest

from smartest.calls.intercept import intercept, own_modules
from smartest.engine.loop import Engine
from smartest.engine.target import resolve
from smartest.options import Options
from smartest.strategies.demand.formula import Builder, Names
from smartest.strategies.demand.trees import ENTRY, OTHER
from smartest.solver import build_solver_chain
from smartest.solver.protocol import Query, Status
from smartest.strategies import STRATEGIES
from smartest.terms import Sort, build, var
from smartest.terms.evaluate import evaluate
from smartest.trace.tree import SideStatus

ABS = os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks", "programs", "abs_testabs.py")
P, Q = var("p", Sort.INT), var("q", Sort.INT)
GRID = [(p, q) for p in (-3, -2, -1, 0, 1, 2, 3, 101, 150) for q in (-3, -1, 0, 1, 2, 3, 101)]


def explored(seed: int, max_runs: int):
    """The demand searcher after `max_runs` runs of test_abs from `seed`'s first input."""
    options = Options(strategy="demand", seed=seed, max_runs=max_runs, run_dir=None, deepen=False)
    target = resolve(f"{ABS}:test_abs")
    solver, stats = build_solver_chain()
    searcher, policy = STRATEGIES["demand"].build(options, solver, target)
    engine = Engine(target, options, searcher=searcher, solver=solver, solver_stats=stats, policy=policy)
    with intercept(own_modules(target.is_own_file), policy):
        engine.explore()
    return searcher, solver, engine.tests


def side(searcher, function: str | None, line_text: str, key):
    """The side `key` of the node of `function`'s tree decided at the line containing `line_text`."""
    with open(ABS) as f:
        line = next(i for i, text in enumerate(f, 1) if line_text in text)
    for (uid, k), s in searcher.forest.sides.items():
        tree_fn = s.node.tree.key.qualname
        if k == key and s.site.line == line and (tree_fn or "").endswith(function or "") and \
                (function is not None or s.node.tree.key == ENTRY):
            return s
    raise LookupError((function, line_text, key))


def psi(searcher, s, relevant: bool):
    return Builder(searcher.forest, s.ident, relevant, Names(), searcher.static).psi(s.node, s.key)


def holds(term, p: int, q: int) -> bool:
    return bool(evaluate(term, {P: p, Q: q}))


def test_lazy_psi_of_the_assertion_combines_known_paths_of_abs():
    searcher, _, tests = explored(seed=6, max_runs=1)       # p = 8, q = 561: abs ran x > 0 only
    assert tests[0].inputs == {"p": 8, "q": 561}
    s = side(searcher, None, "if m > n and p > 0", True)    # m > n: toward the assertion
    lazy = psi(searcher, s, relevant=False)
    assert lazy.free <= {P, Q}
    for p, q in GRID:
        assert holds(lazy, p, q) == (p > 0 and q > 0 and p > q), (p, q)


def test_lazy_psi_inside_abs_follows_its_calling_contexts():
    """abs's dangling x <= 0 side is reached by the first call when p <= 0, or by the
    second when q <= 0 and the first call took a known path (p > 0)."""
    searcher, _, _ = explored(seed=6, max_runs=1)
    s = side(searcher, "abs_", "if x > 0", False)
    lazy = psi(searcher, s, relevant=False)
    own = var(f"demand:G{s.node.uid}.F", Sort.BOOL)   # the first call may go through the target itself
    assert lazy.free <= {P, Q, own}
    for p, q in GRID:
        for g in (False, True):
            assert bool(evaluate(lazy, {P: p, Q: q, own: g})) == (p <= 0 or q <= 0), (p, q, g)


def test_relevant_psi_prunes_p_not_positive():
    searcher, solver, tests = explored(seed=7, max_runs=1)  # p = 0, q = 2: m > n, then p > 0 fails
    assert tests[0].inputs == {"p": 0, "q": 2}
    s = side(searcher, None, "if m > n and p > 0", True)
    assert s.node.term.op != "const"
    target = next(t for (uid, k), t in searcher.forest.sides.items()
                  if t.node.parent is s.node and k is True)  # the side of p > 0 under m > n
    lazy = psi(searcher, target, relevant=False)
    for p, q in GRID:
        assert holds(lazy, p, q) == (p > 0 and (q > 0 and p > q or q == 0 and p > 100)), (p, q)
    relevant = psi(searcher, target, relevant=True)
    assert solver.check(Query((relevant,))).status is Status.SAT
    assert solver.check(Query((build.and_(relevant, build.le(P, build.const(0))),))).status is Status.UNSAT


def test_definition_predicate_of_a_fully_explored_abs_is_abs():
    searcher, _, _ = explored(seed=6, max_runs=50)
    forest = searcher.forest
    key = next(k for k in forest.trees if (k.qualname or "").endswith("abs_"))
    assert forest.trees[key].paths == 3
    assert all(n.status[k] is not SideStatus.DANGLING for n in forest.trees[key].nodes() if n.kind == "branch"
               for k in (True, False))
    b = Builder(forest, next(iter(forest.sides)), True, Names(), searcher.static)
    d = b.definition(key, (P,))
    assert d.any is build.FALSE                             # no path of abs is unknown
    (cls, (dom, value)), = d.classes.items()
    assert cls == ("value", "Int")
    for p in range(-5, 6):
        assert evaluate(dom, {P: p}) is True
        assert evaluate(value, {P: p}) == (p if p > 0 else 100 if p == 0 else -p)


def test_every_call_outcome_is_settled_without_a_query_once_abs_is_closed():
    searcher, _, _ = explored(seed=6, max_runs=50)
    others = [s for (uid, k), s in searcher.forest.sides.items() if k == OTHER]
    assert others and all(s.status is SideStatus.INFEASIBLE for s in others)
    members, classes = searcher.forest.closed()
    assert any((k.qualname or "").endswith("abs_") for k in members)


@pytest.mark.parametrize("spec", ["assert", "raise"])
def test_aiming_orders_the_sides_toward_the_assertion_first(spec):
    from smartest.search.targets import Aim
    searcher, _, _ = explored(seed=7, max_runs=1)
    searcher.static.aim = Aim(spec, ABS)
    searcher.static._aimed = searcher.static._aimed_functions()
    toward = side(searcher, None, "if m > n and p > 0", True)
    s = next(t for (uid, k), t in searcher.forest.sides.items() if t.node.parent is toward.node and k is True)
    away = side(searcher, "abs_", "if x > 0", True)
    assert searcher.static.distance(s.node, s.key) is not None
    assert searcher.static.distance(away.node, away.key) is None
