"""Exactness guards and uninterpreted functions: how a lowering or a translation says
"exact where g holds, a sound abstraction elsewhere".

Some operations have an encoding that is exact only on part of their domain (a case
table for Latin-1 characters, a power chain up to some exponent).  Such an encoding
is written

    ite(guard(g), exact, approx("name", args))

`approx` is an uninterpreted function of the arguments: any real behaviour is one of its
interpretations, so a formula using it over-approximates the operation and *unsat*
is a proof.  `guard(g)` evaluates to g; the solver backend collects every guard below
a query's constraints and first checks with all of them assumed, so a *sat* answer
there uses only exact encodings.  When that check fails because of a guard, the
backend checks the over-approximation, and a model from it is a candidate that the
layer owning the abstraction validates by evaluating the original terms.
"""
from __future__ import annotations

from smartest.terms.evaluate import OPS
from smartest.terms.rewrite import register_op
from smartest.terms.term import Sort, Term, make


class NotEvaluable(Exception):
    """An uninterpreted function has no value: the term is an abstraction."""


def guard(g: Term) -> Term:
    """g, marked as a condition under which the enclosing encoding is exact."""
    if g.op == "const":
        return g
    return make("guard", (g,), Sort.BOOL)


def approx(name: str, args: tuple[Term, ...], sort: Sort) -> Term:
    """An application of the uninterpreted function `name` (of this sort) to args.

    (Not the `uf` of mixed solving, which calls a real opaque function: an `approx`
    stands for an operation the term language already has, and has no value.)"""
    return make("approx", tuple(args), sort, name)


def _no_value(*args):
    raise NotEvaluable("an uninterpreted function has no value")


OPS["guard"] = lambda g: g
OPS["approx"] = _no_value
register_op("guard", guard)
