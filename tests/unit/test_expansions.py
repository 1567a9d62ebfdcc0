"""Memoized expansions: known paths of a call are stored over its formals renamed
relative to the call and reused at another call site; completeness transfers only
to contexts that imply the one enumerated."""
from __future__ import annotations

from smartest.strategies.latest.concretize import _assign
from smartest.strategies.latest.expansions import KnownPath, _relative
from smartest.terms import Sort, build, const, var


def _v(name):
    return var(name, Sort.INT)


def test_known_paths_are_renamed_to_the_call_that_reuses_them():
    i3, c30, i7, c70 = _v("i#3"), _v("c#3.0"), _v("i#7"), _v("c#7.0")
    constraints = (build.lt(i3, const(5)), build.eq(c30, build.add(i3, const(1))))
    rename = _relative(constraints, (3,))
    assert {v.value for v in rename.values()} == {"i#*", "c#*.0"}
    stored = KnownPath((), tuple(_substituted(constraints, rename)), build.add(rename[i3], const(2)))
    at7 = stored.at((7,))
    assert at7.constraints == (build.lt(i7, const(5)), build.eq(c70, build.add(i7, const(1))))
    assert at7.result == build.add(i7, const(2))
    assert stored.at((7,)) is at7                      # cached per call
    assert _relative((build.lt(_v("i#31"), const(0)),), (3,)) == {}   # 31 is not a callee of 3


def _substituted(terms, mapping):
    from smartest.terms.rewrite import substitute
    return [substitute(t, mapping) for t in terms]


def test_assign_folds_and_reports_contradictions():
    a, x = _v("next_token@1"), _v("x")
    rest = (build.eq(a, const(6)), build.lt(x, const(3)))
    assert _assign(rest, {a: const(6)}) == (build.lt(x, const(3)),)
    assert _assign(rest, {a: const(2)}) is None
    assert _assign(rest, {}) == rest
