"""What the engine's fallback (search/fallback.py) pins at its run-time value: a fresh
call variable nothing on the path defines, never one the path binds by an assumption."""
from __future__ import annotations

from smartest.search.fallback import ConstraintFallback
from smartest.symbolic.inputs import fresh
from smartest.terms import Sort, build, const, var
from smartest.terms.evaluate import evaluate
from smartest.trace.path import Branch
from smartest.trace.recorder import CallRecord
from smartest.trace.site import Site


def _site(k: int) -> Site:
    return Site(_site.__code__, k)


X = var("x", Sort.INT)


def _negation(result_name: str, linked: bool):
    """One run of `y = f(x); if y > 3: ...` with y = 2, where y is the fresh variable
    `result_name`; `linked`: the path assumes `y == x` (LATEST's formal of an expanded
    call returning its argument)."""
    y = var(result_name, Sort.INT)
    path = [Branch(_site(2), build.lt(const(3), y), False)]
    if linked:
        path.insert(0, Branch(_site(0), build.eq(y, X), True, flippable=False))
    call = CallRecord(0, "m.f", _site(1), -1, 0, args=(fresh(2, "x"),), seen=fresh(2, result_name))
    fallback = ConstraintFallback(["x"])
    fallback.record(tuple(path), {"x": 2}, (call,))
    return fallback.select()


def test_a_variable_bound_by_an_assumption_is_not_pinned():
    cand = _negation("a#0", linked=True)
    assert cand is not None and build.eq(var("a#0", Sort.INT), const(2)) not in cand.constraints
    # The negation is satisfiable (x = a#0 = 4), not refused by a pin a#0 == 2.
    assert all(evaluate(c, {X: 4, var("a#0", Sort.INT): 4}) for c in cand.constraints)


def test_an_unknown_call_result_is_pinned():
    cand = _negation("demand:r#0", linked=False)
    assert cand is not None and build.eq(var("demand:r#0", Sort.INT), const(2)) in cand.constraints
