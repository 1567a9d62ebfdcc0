"""Values of assumption identifiers and of the conditions built from them.

An assumption variable holds a plain bool or a `SymBool` (the conjunction of the
properties assumed so far, over the inputs).  Conditions over such values are
combined here with term constructors, never with Python's `and`/`or`/`not`,
which would ask a `SymBool` for its truth and so record a branch: evaluating
a supposition or a may-unverified condition must not add decisions to the path.
"""
from __future__ import annotations

from typing import Any, Mapping

from smartest.guided.boolfun import parse_formula
from smartest.symbolic.bools import SymBool, make_bool
from smartest.symbolic.ints import SymInt
from smartest.symbolic.strs import SymStr
from smartest.terms import build

def condition(x: Any):
    """The truth of `x` as a bool or a SymBool, recording no branch for our proxies."""
    if type(x) is bool or isinstance(x, SymBool):
        return x
    if isinstance(x, SymInt):
        return x != 0
    if isinstance(x, SymStr):
        return x != ""
    return bool(x)


def not_(x):
    if type(x) is bool:
        return not x
    return make_bool(not x.value, build.not_(x.term))


def and_(x, y):
    if x is False or y is False:
        return False
    if x is True:
        return y
    if y is True:
        return x
    return make_bool(x.value and y.value, build.and_(x.term, y.term))


def or_(x, y):
    if x is True or y is True:
        return True
    if x is False:
        return y
    if y is False:
        return x
    return make_bool(x.value or y.value, build.or_(x.term, y.term))


def concrete(x) -> bool:
    return x if type(x) is bool else x.value


def evaluate(formula: str, env: Mapping[str, Any]):
    """A formula over assumption identifiers, on their current values; an identifier
    missing from `env` has its initial value, true."""
    return _eval(parse_formula(formula), env)


def _eval(tree: tuple, env: Mapping[str, Any]):
    kind = tree[0]
    if kind == "const":
        return tree[1]
    if kind == "var":
        return condition(env.get(tree[1], True))
    if kind == "not":
        return not_(_eval(tree[1], env))
    combine, out = (and_, True) if kind == "and" else (or_, False)
    for t in tree[1:]:
        out = combine(out, _eval(t, env))
    return out
