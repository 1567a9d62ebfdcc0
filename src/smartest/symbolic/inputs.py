"""Inputs from annotations: the registry of input kinds, and what the engine asks of them.

A *kind* turns a parameter's annotation into inputs.  It draws a random plain value,
makes the concolic value a run receives (`proxy`), names the solver variables that
value is made of with their domains (`variables`), lists the current value of each
(`flatten`) and rebuilds a plain value from new values of its variables (`rebuild`,
after the solver answered: DART's "variables the model leaves out keep their values").

Scalar kinds (`InputKind`: int, str, bool here; float and bytes register themselves)
are one variable named after the parameter.  Composite kinds (lists, Optional, records,
see `symbolic/kinds_*.py`) are trees of scalar variables named by their path in the
value: `xs.len`, `xs[0]`, `p.x`, `u.choice`, `u:int`.  The engine sees the tree only
through three functions: `prepare_inputs` (domains of every variable), `settle` (the
assignment, before each run: rebuild composite values from their variables, then note
the variables' current values) and `Kind.proxy` (inside the run).
"""
from __future__ import annotations

import random
import typing
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Mapping, Protocol

from smartest.symbolic.bools import SymBool, make_bool
from smartest.symbolic.ints import make_int, new_int_input
from smartest.symbolic.realize import realize
from smartest.symbolic.strs import make_str, new_str_input
from smartest.terms import Term, build, var
from smartest.terms.term import Sort
from smartest.symbolic.upward import provide

_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 :.-_"
MAX_NESTING = 4      # containers/choices nested deeper than this are empty / take a flat alternative
_RECURSION_GUARD = 24
MISSING = object()   # what `values.get` answers for a variable with no value yet


class Kind(Protocol):
    """What every input kind answers (InputKind for scalars, kinds_* for the rest)."""

    name: str
    sort: Sort | None          # the sort of a scalar kind's one variable; None for composites
    decisive: bool             # building a value may record decisions (a choice, a class's __init__)

    def draw(self, rng: random.Random, options: Any) -> Any: ...
    def sample(self, rng: random.Random, options: Any, depth: int) -> Any: ...
    def proxy(self, name: str, value: Any) -> Any: ...
    def variables(self, name: str, options: Any, depth: int) -> Iterator[tuple[Term, Term | None]]: ...
    def flatten(self, name: str, value: Any) -> Iterator[tuple[str, Any]]: ...
    def rebuild(self, name: str, value: Any, values: Mapping[str, Any], options: Any, depth: int) -> Any: ...
    def materialize(self, value: Any) -> Any: ...
    def accepts(self, value: Any) -> bool: ...
    def bind(self, options: Any, seen: set) -> None: ...


@dataclass(frozen=True)
class InputKind:
    """A scalar kind: one solver variable named after the input.

    `wrap(value, term)` makes a proxy of this kind for a known term (None: the kind's
    values cannot be kept symbolic inside containers, which then fall back on their
    concrete layout); `types` are the plain Python types its values have (defaults to
    the annotations registered for it)."""

    name: str
    sort: Sort
    draw: Callable[[random.Random, Any], Any]        # (rng, options) -> random value
    proxy: Callable[[str, Any], Any]                 # (name, value) -> concolic value
    domain: Callable[[Term, Any], Term | None]       # (variable, options) -> constraint
    wrap: Callable[[Any, Term], Any] | None = None
    types: tuple = ()

    decisive = False

    def sample(self, rng: random.Random, options: Any, depth: int) -> Any:
        return self.draw(rng, options)

    def variables(self, name: str, options: Any, depth: int) -> Iterator[tuple[Term, Term | None]]:
        v = var(name, self.sort)
        yield v, self.domain(v, options)

    def flatten(self, name: str, value: Any) -> Iterator[tuple[str, Any]]:
        yield name, value

    def rebuild(self, name: str, value: Any, values: Mapping[str, Any], options: Any, depth: int) -> Any:
        return values.get(name, value)

    def materialize(self, value: Any) -> Any:
        return value

    def accepts(self, value: Any) -> bool:
        types = self.types or tuple(a for a, k in KINDS.items() if k is self and isinstance(a, type))
        return type(value) in types

    def bind(self, options: Any, seen: set) -> None:
        pass


def _draw_int(rng: random.Random, options) -> int:
    return rng.choice((rng.randint(-10, 10), rng.randint(-1000, 1000)))


def _draw_str(rng: random.Random, options) -> str:
    n = rng.randint(0, options.max_str_len)
    return "".join(rng.choice(_ALPHABET) for _ in range(n))


INT = InputKind("int", Sort.INT, _draw_int, new_int_input, lambda v, o: None, make_int, (int,))
STR = InputKind("str", Sort.STR, _draw_str, new_str_input,
                lambda v, o: build.le(build.length(v), build.const(o.max_str_len)), make_str, (str,))
BOOL = InputKind("bool", Sort.BOOL, lambda rng, o: rng.random() < 0.5,
                 lambda name, value: SymBool(bool(value), var(name, Sort.BOOL)), lambda v, o: None,
                 make_bool, (bool,))

KINDS: dict[Any, Any] = {int: INT, str: STR, bool: BOOL}
BY_NAME: dict[str, Any] = {"int": INT, "str": STR, "bool": BOOL}
# Annotation -> kind for generic forms (list[int], Optional[str], a dataclass...): each
# resolver gets the annotation and `kind_for` (to resolve element types) and answers a
# kind or None.  Modules of other value areas register here; the core imports none.
RESOLVERS: list[Callable[[Any, Callable[[Any], Any]], Any]] = []


def register_kind(annotation: Any, kind: Any, *names: str) -> None:
    """Make `annotation` (and the names, for --default-type) mean `kind`."""
    KINDS[annotation] = kind
    for n in names:
        BY_NAME[n] = kind


def register_resolver(resolver: Callable[[Any, Callable[[Any], Any]], Any]) -> None:
    RESOLVERS.append(resolver)


# typing's one-method protocols, generated as the builtin type that is the usual
# argument (semver's `Version(major: SupportsInt)`): the inputs are a subset of
# what the annotation allows, which is all a test generator needs.
PROTOCOL_STANDINS = {typing.SupportsInt: int, typing.SupportsIndex: int, typing.SupportsFloat: float,
                     typing.SupportsAbs: int, typing.SupportsRound: float}


def kind_for(annotation: Any) -> Any:
    """The input kind of an annotation, or None if it is not supported."""
    if isinstance(annotation, str):
        return BY_NAME.get(annotation)
    annotation = PROTOCOL_STANDINS.get(annotation, annotation) if isinstance(annotation, type) else annotation
    if isinstance(annotation, type):
        # A stand-in installed for a builtin type (models/registry.py) means that type;
        # annotations evaluated in a target module after installation meet them.
        annotation = annotation.__dict__.get("__smartest_builtin__", annotation)
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


def annotation_text(annotation: Any) -> str:
    """How an annotation reads in source: `list[complex]`, `Optional[object]`, `complex`."""
    if typing.get_args(annotation) or not hasattr(annotation, "__name__"):
        return str(annotation).replace("typing.", "")
    return annotation.__name__


def unsupported_part(annotation: Any) -> Any:
    """The innermost part of an unsupported annotation that has no kind
    (`complex` in `dict[str, list[complex]]`)."""
    if typing.get_origin(annotation) is not typing.Literal:
        for arg in typing.get_args(annotation):
            if arg is not Ellipsis and not isinstance(arg, (list, tuple)) and kind_for(arg) is None:
                return unsupported_part(arg)
    return annotation


def kind_of_value(value: Any) -> InputKind | None:
    """The scalar kind a plain value belongs to (bool before int: bool is an int)."""
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
    kind = kind_of_value(value)
    return value if kind is None else kind.proxy(name, realize(value))


# -- what the engine calls ------------------------------------------------------

def prepare_inputs(params: Iterable[Any], options: Any) -> dict[Term, Term]:
    """Bind the bounds of `options` (--max-len...) into the parameters' kinds and
    answer the domain of every solver variable the inputs are made of."""
    domains: dict[Term, Term] = {}
    for p in params:
        p.kind.bind(options, set())
        for v, d in p.kind.variables(p.name, options, 0):
            if d is not None and d.op != "const":
                domains[v] = d
    return domains


def settle(params: Iterable[Any], assignment: dict[str, Any], options: Any) -> None:
    """Before a run: rebuild each composite input from the values of its variables
    (a solver model may have changed some), then note every variable's value, so the
    next model can change any part of the input and the rest stays as it was."""
    for p in params:
        kind = p.kind
        if kind.sort is not None:
            continue  # a scalar: its variable is the parameter itself
        value = kind.rebuild(p.name, assignment[p.name], assignment, options, 0)
        assignment[p.name] = value
        assignment.update(kind.flatten(p.name, value))


def default_of(kind: Any, options: Any, depth: int) -> Any:
    """A value for a part of an input that no run has had yet (a list grown by the
    solver): drawn from a fixed seed, so reruns are reproducible."""
    if depth > _RECURSION_GUARD:
        from smartest.errors import TargetError
        raise TargetError(f"type {kind.name} has no finite values (it contains itself)")
    return kind.sample(random.Random(depth), options, depth)


provide(KINDS=KINDS)
