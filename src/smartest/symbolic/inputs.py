"""Inputs from annotations: each supported parameter type knows how to draw a random
value, make a proxy for a value, bound its variable's domain, and print as JSON."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from smartest.symbolic.bools import SymBool
from smartest.symbolic.ints import new_int_input
from smartest.symbolic.strs import new_str_input
from smartest.terms import Term, build, var
from smartest.terms.term import Sort

_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 :.-_"


@dataclass(frozen=True)
class InputKind:
    name: str
    sort: Sort
    draw: Callable[[random.Random, Any], Any]        # (rng, options) -> random value
    proxy: Callable[[str, Any], Any]                 # (name, value) -> concolic value
    domain: Callable[[Term, Any], Term | None]       # (variable, options) -> constraint


def _draw_int(rng: random.Random, options) -> int:
    return rng.choice((rng.randint(-10, 10), rng.randint(-1000, 1000)))


def _draw_str(rng: random.Random, options) -> str:
    n = rng.randint(0, options.max_str_len)
    return "".join(rng.choice(_ALPHABET) for _ in range(n))


INT = InputKind("int", Sort.INT, _draw_int, new_int_input, lambda v, o: None)
STR = InputKind("str", Sort.STR, _draw_str, new_str_input,
                lambda v, o: build.le(build.length(v), build.const(o.max_str_len)))
BOOL = InputKind("bool", Sort.BOOL, lambda rng, o: rng.random() < 0.5,
                 lambda name, value: SymBool(bool(value), var(name, Sort.BOOL)), lambda v, o: None)

KINDS: dict[Any, InputKind] = {int: INT, str: STR, bool: BOOL}
BY_NAME: dict[str, InputKind] = {"int": INT, "str": STR, "bool": BOOL}
# Annotation -> kind for generic forms (list[int], Optional[str], a dataclass...): each
# resolver gets the annotation and `kind_for` (to resolve element types) and answers a
# kind or None.  Modules of other value areas register here; the core imports none.
RESOLVERS: list[Callable[[Any, Callable[[Any], "InputKind | None"]], "InputKind | None"]] = []


def register_kind(annotation: Any, kind: InputKind, *names: str) -> None:
    """Make `annotation` (and the names, for --default-type) mean `kind`."""
    KINDS[annotation] = kind
    for n in names:
        BY_NAME[n] = kind


def register_resolver(resolver: Callable[[Any, Callable[[Any], "InputKind | None"]], "InputKind | None"]) -> None:
    RESOLVERS.append(resolver)


def kind_for(annotation: Any) -> InputKind | None:
    """The input kind of an annotation, or None if it is not supported."""
    if isinstance(annotation, str):
        return BY_NAME.get(annotation)
    try:
        hit = KINDS.get(annotation)
    except TypeError:  # an unhashable annotation object
        hit = None
    if hit is not None:
        return hit
    for resolve in RESOLVERS:
        kind = resolve(annotation, kind_for)
        if kind is not None:
            return kind
    return None


def kind_of_value(value: Any) -> InputKind | None:
    """The input kind a plain value belongs to (bool before int: bool is an int)."""
    if isinstance(value, bool) or type(value) is SymBool:
        return BOOL
    if isinstance(value, int):
        return INT
    if isinstance(value, str):
        return STR
    return None


def fresh(value: Any, name: str) -> Any:
    """A proxy for a new variable `name` whose value in this run is `value`.

    Compositional strategies use it for what the caller sees of a callee: an
    abstracted return value (LATEST), a formal parameter or the result of a
    summarized call (SMART).  A value of no supported kind stays concrete."""
    from smartest.symbolic.realize import realize
    kind = kind_of_value(value)
    return value if kind is None else kind.proxy(name, realize(value))
