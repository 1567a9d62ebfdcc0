"""Uninterpreted applications: a call to an opaque function kept in the path constraint.

Mixed concrete-symbolic solving (Păsăreanu, Rungta and Visser, ISSTA'11) leaves a
call to a function the solver cannot reason about (native code, a hash, `math.sin`)
in the path condition as an uninterpreted function application, and later *evaluates*
the function on candidate argument values chosen by the solver.  The node is

    Term(op="uf", args=(argument terms...), sort=<sort of the result>, value=key)

where `key` names an `OpaqueFunction` in `FUNCTIONS`, the registry the solver layer
uses to call the Python function.  The node is sort-agnostic: the result sort is
whatever the call returned on the run that built it (int, str, bool, and any sort
another value area adds), so new value sorts plug in without change here.

Opaque functions must be **pure**: they are called on candidate values in isolation,
outside any run, possibly many times per query, and their result must depend on
their arguments only (an impure function makes mixed solving answer "unknown", never
a wrong path: every model is checked against the path constraint by evaluation).
"""
from __future__ import annotations

from typing import Any, Protocol, Sequence

from smartest.terms.term import Sort, Term, make

UF = "uf"


class OpaqueFunction(Protocol):
    """What the solver needs of an opaque function: its name, how to call it on plain
    argument values, and the user's partition conditions instantiated on argument terms."""

    key: str

    def call(self, values: Sequence[Any]) -> Any: ...

    def partitions(self, args: tuple[Term, ...]) -> tuple[Term, ...]: ...


FUNCTIONS: dict[str, OpaqueFunction] = {}


def register(function: OpaqueFunction) -> None:
    """Make `function` callable by key (a re-imported module replaces its entry)."""
    FUNCTIONS[function.key] = function


def lookup(key: str) -> OpaqueFunction:
    try:
        return FUNCTIONS[key]
    except KeyError:
        raise LookupError(f"no opaque function registered as {key!r}") from None


def app(key: str, args: tuple[Term, ...], sort: Sort) -> Term:
    """The application of the opaque function `key` to `args`, of result sort `sort`.

    Never folded, even on constant arguments: evaluating it is the mixed solver's
    decision (a simplification of the complex part), not the term builder's."""
    return make(UF, tuple(args), sort, key)


def is_app(t: Term) -> bool:
    return t.op == UF


def evaluate_app(t: Term, values: Sequence[Any]) -> Any:
    """The value of the application `t` when its arguments take `values`."""
    return lookup(t.value).call(values)


def show(t: Term) -> str:
    """A term as text, with applications shown by the function's name: (eq y (hash_ x))."""
    if t.op == "const":
        return repr(t.value)
    if t.op == "var":
        return str(t.value)
    head = t.value.rsplit(":", 1)[-1] if t.op == UF else t.op
    return "(" + " ".join([head, *map(show, t.args)]) + ")"


def describe(t: Term, values: Sequence[Any] | None = None) -> str:
    """`name(args)` for people: the function's short name and the argument terms (or values)."""
    name = t.value.rsplit(":", 1)[-1]
    shown = [repr(v) for v in values] if values is not None else [repr(a) for a in t.args]
    return f"{name}({', '.join(shown)})"
