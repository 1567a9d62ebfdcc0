"""Proxies against CPython: the concrete value of every modelled operation equals
CPython's, and its term, evaluated on the inputs, equals it too."""
from __future__ import annotations

import operator

import pytest
from hypothesis import given, settings, strategies as st

from smartest.models import builtins_core as m
from smartest.symbolic.ints import new_int_input
from smartest.symbolic.strs import new_str_input
from smartest.symbolic.realize import realize, term_of
from smartest.terms import Sort, var
from smartest.terms.evaluate import evaluate
from smartest.trace.recorder import ACTIVE, Recorder

INT_OPS = [operator.add, operator.sub, operator.mul, operator.floordiv, operator.mod,
           operator.lt, operator.le, operator.gt, operator.ge, operator.eq, operator.ne]


def _check(result, expected, env):
    assert realize(result) == expected
    t = term_of(result)
    if t is not None:
        assert evaluate(t, env) == expected


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.integers(-2**70, 2**70), st.integers(-300, 300), st.sampled_from(INT_OPS), st.booleans())
def test_int_operations_match_cpython(a, b, op, swap):
    x = new_int_input("x", a)
    env = {var("x", Sort.INT): a}
    try:
        expected = op(b, a) if swap else op(a, b)
    except ZeroDivisionError:
        with pytest.raises(ZeroDivisionError):
            op(b, x) if swap else op(x, b)
        return
    _check(op(b, x) if swap else op(x, b), expected, env)


STR_CASES = [
    lambda s: s[0], lambda s: s[-1], lambda s: s[1:3], lambda s: s[:-1], lambda s: s + "!",
    lambda s: "<" + s, lambda s: s == "ab", lambda s: s < "b", lambda s: "b" in s,
    lambda s: s.startswith("a"), lambda s: s.endswith(("b", "c")), lambda s: s.find("b"),
    lambda s: m.len_(s), lambda s: m.ord_(s[0]), lambda s: m.str_(m.len_(s) - 3),
    lambda s: m.int_(s), lambda s: [c for c in s],
]


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.text(alphabet="ab9 \0", max_size=4), st.integers(0, len(STR_CASES) - 1))
def test_str_operations_match_cpython(text, case):
    f = STR_CASES[case]
    s = new_str_input("s", text)
    env = {var("s", Sort.STR): text}
    try:
        expected = f(text) if case not in (12, 13, 14, 15) else {
            12: len, 13: lambda t: ord(t[0]), 14: lambda t: str(len(t) - 3), 15: int}[case](text)
    except Exception as e:  # the proxy must raise the same exception type
        token = ACTIVE.set(Recorder())
        try:
            with pytest.raises(type(e)):
                f(s)
        finally:
            ACTIVE.reset(token)
        return
    token = ACTIVE.set(Recorder())
    try:
        result = f(s)
    finally:
        ACTIVE.reset(token)
    if isinstance(result, list):
        assert [realize(r) for r in result] == expected
        for r, e in zip(result, expected):
            _check(r, e, env)
    else:
        _check(result, expected, env)


def test_branches_are_recorded_with_the_right_side():
    rec = Recorder()
    token = ACTIVE.set(rec)
    try:
        x = new_int_input("x", 5)
        if x > 3:
            pass
        if x * 2 == 7:
            pass
    finally:
        ACTIVE.reset(token)
    assert [b.taken for b in rec.path] == [True, False]
    env = {var("x", Sort.INT): 5}
    assert [evaluate(b.term, env) for b in rec.path] == [True, False]
