"""Terms and the solver chain, checked against Python's own semantics."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from smartest.solver import Query, build_solver_chain
from smartest.solver.independence import slice_query
from smartest.terms import Sort, build, const, var
from smartest.terms.evaluate import evaluate

X, Y = var("x", Sort.INT), var("y", Sort.INT)
S = var("s", Sort.STR)


def test_terms_are_hash_consed_and_fold_constants():
    assert build.add(X, const(1)) is build.add(X, const(1))
    assert build.add(const(2), const(3)) is const(5)
    assert build.not_(build.not_(build.eq(X, Y))) is build.eq(X, Y)
    assert const(True) is not const(1)
    # index checks on a string with a constant suffix fold away
    assert build.lt(const(0), build.length(build.concat(S, const("\0")))) is const(True)


SOLVER, STATS = build_solver_chain(timeout_ms=5000)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(-50, 50), st.integers(-9, 9).filter(lambda b: b != 0))
def test_floor_division_and_modulo_match_python(a, b):
    # Ask z3 for x with x == a and check the quotient/remainder it must take.
    q, r = build.floordiv(X, const(b)), build.mod(X, const(b))
    answer = SOLVER.check(Query((build.eq(X, const(a)), build.eq(q, const(a // b)), build.eq(r, const(a % b)))))
    assert answer.sat
    wrong = SOLVER.check(Query((build.eq(X, const(a)), build.not_(build.eq(r, const(a % b))))))
    assert not wrong.sat


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.text(alphabet=st.sampled_from("a\\\0\n\u00e9\u20ac{}u"), max_size=6))
def test_string_constants_and_models_round_trip(text):
    answer = SOLVER.check(Query((build.eq(S, const(text)),)))
    assert answer.sat and answer.model[S] == text


def test_models_satisfy_queries_under_python_semantics():
    t = build.concat(S, const("\0"))
    cs = (build.eq(build.at(t, const(2)), const("\0")), build.lt(const(1), build.length(S)),
          build.not_(build.eq(build.at(t, const(0)), const("a"))))
    answer = SOLVER.check(Query(cs, {S: build.le(build.length(S), const(4))}))
    assert answer.sat
    env = {S: answer.model[S]}
    assert all(evaluate(c, env) for c in cs)


def test_unsat_and_independence_slicing():
    q = Query((build.lt(Y, const(0)), build.lt(X, const(3)), build.lt(const(5), X)))
    assert slice_query(q).constraints == (build.lt(X, const(3)), build.lt(const(5), X))
    assert not SOLVER.check(q).sat
    answer = SOLVER.check(Query((build.lt(Y, const(0)), build.lt(X, const(3)))))
    assert set(answer.model) == {X}  # y is left to keep its current value
