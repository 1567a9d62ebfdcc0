"""Kinds for `None`, `Literal[...]`, Enum subclasses and `Union`/`Optional`.

* `Literal["a", "b"]` (values of one scalar type) is the scalar variable with the
  domain `v == "a" or v == "b"`: comparisons with it are ordinary branches.
* `None`, an Enum member, a Literal value of mixed types are *constants*: no
  variable at all.
* `Union[...]`, `Optional[T]`, `T | None`, an Enum and a mixed Literal are a
  *choice*: an integer variable `x.choice` picks the alternative, decided when the
  input is built (`choice.decide`), and each alternative's own variables are
  named `x:int`, `x:list[int]`...  `x is None` then needs no proxy: the choice
  was made before the target ran, and DFS negates it like any other branch.
"""
from __future__ import annotations

import enum
import random
import types
import typing
from typing import Any, Iterator, Mapping

from smartest.symbolic import choice
from smartest.symbolic.inputs import MAX_NESTING, MISSING, default_of, register_resolver
from smartest.terms import Term, build, const, var
from smartest.terms.term import Sort


class ConstKind:
    """One value and no variable (None, an Enum member, a Literal value)."""

    sort = None
    decisive = False

    def __init__(self, value: Any) -> None:
        self.value = value
        self.name = _show(value)

    def draw(self, rng, options):
        return self.value

    def sample(self, rng, options, depth):
        return self.value

    def proxy(self, name, value):
        return self.value

    def variables(self, name, options, depth) -> Iterator[tuple[Term, Term | None]]:
        return iter(())

    def flatten(self, name, value):
        return iter(())

    def rebuild(self, name, value, values, options, depth):
        return self.value

    def materialize(self, value):
        return self.value

    def accepts(self, value) -> bool:
        return value is self.value or (type(value) is type(self.value) and value == self.value)

    def bind(self, options, seen) -> None:
        pass


class LiteralKind:
    """Literal values of one scalar type: the scalar kind restricted by a domain."""

    decisive = False

    def __init__(self, base: Any, values: tuple) -> None:
        self.base, self.values = base, values
        self.sort, self.wrap = base.sort, base.wrap
        self.name = "Literal[" + ", ".join(map(repr, values)) + "]"

    def draw(self, rng, options):
        return rng.choice(self.values)

    def sample(self, rng, options, depth):
        return rng.choice(self.values)

    def proxy(self, name, value):
        return self.base.proxy(name, value)

    def variables(self, name, options, depth):
        v = var(name, self.sort)
        yield v, build.or_(*(build.eq(v, const(x)) for x in self.values))

    def flatten(self, name, value):
        yield name, value

    def rebuild(self, name, value, values, options, depth):
        return values.get(name, value)

    def materialize(self, value):
        return value

    def accepts(self, value) -> bool:
        return type(value) is type(self.values[0]) and value in self.values

    def bind(self, options, seen) -> None:
        pass


class ChoiceKind:
    """One of several alternatives, picked by the variable `name.choice`."""

    sort = None
    decisive = True

    def __init__(self, alternatives: list, name: str) -> None:
        self.alternatives = alternatives
        self.name = name
        labels = [_label(a, i) for i, a in enumerate(alternatives)]
        self.labels = labels if len(set(labels)) == len(labels) else [str(i) for i in range(len(labels))]

    def _tag(self, name: str) -> Term:
        return var(f"{name}.choice", Sort.INT)

    def _alt(self, name: str, i: int) -> str:
        return f"{name}:{self.labels[i]}"

    def _allowed(self, depth: int) -> list[int]:
        """Deep inside a recursive type, only alternatives that end the recursion."""
        every = list(range(len(self.alternatives)))
        if depth < MAX_NESTING:
            return every
        flat = [i for i in every if _flat(self.alternatives[i])]
        return flat or every

    def index_of(self, value: Any) -> int:
        for i, alt in enumerate(self.alternatives):
            if alt.accepts(value):
                return i
        return 0

    def draw(self, rng, options):
        return self.sample(rng, options, 0)

    def sample(self, rng: random.Random, options, depth: int):
        i = rng.choice(self._allowed(depth))
        return self.alternatives[i].sample(rng, options, depth + 1)

    def proxy(self, name: str, value: Any):
        i = self.index_of(value)
        choice.decide(name, self._tag(name), i, len(self.alternatives))
        return self.alternatives[i].proxy(self._alt(name, i), value)

    def variables(self, name, options, depth):
        allowed = self._allowed(depth)
        tag = self._tag(name)
        yield tag, build.or_(*(build.eq(tag, const(i)) for i in allowed))
        for i in allowed:
            yield from self.alternatives[i].variables(self._alt(name, i), options, depth + 1)

    def flatten(self, name, value):
        i = self.index_of(value)
        yield f"{name}.choice", i
        yield from self.alternatives[i].flatten(self._alt(name, i), value)

    def rebuild(self, name, value, values: Mapping[str, Any], options, depth):
        old = self.index_of(value)
        i = values.get(f"{name}.choice", MISSING)
        i = old if i is MISSING or not 0 <= i < len(self.alternatives) else i
        alt = self.alternatives[i]
        base = value if i == old else default_of(alt, options, depth + 1)
        return alt.rebuild(self._alt(name, i), base, values, options, depth + 1)

    def materialize(self, value):
        return self.alternatives[self.index_of(value)].materialize(value)

    def accepts(self, value) -> bool:
        return any(a.accepts(value) for a in self.alternatives)

    def bind(self, options, seen) -> None:
        if id(self) not in seen:
            seen.add(id(self))
            for a in self.alternatives:
                a.bind(options, seen)


def _flat(kind: Any) -> bool:
    return kind.sort is not None or isinstance(kind, (ConstKind, LiteralKind))


def _show(value: Any) -> str:
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


def _label(kind: Any, i: int) -> str:
    name = getattr(kind, "name", str(i))
    return name if name.isidentifier() else str(i)


NONE = ConstKind(None)


# -- resolvers ----------------------------------------------------------------------

def _resolve(annotation: Any, kind_for) -> Any:
    if annotation is None or annotation is type(None):
        return NONE
    origin = typing.get_origin(annotation)
    if origin is typing.Union or (types.UnionType is not None and isinstance(annotation, types.UnionType)):
        alts = [kind_for(a) for a in typing.get_args(annotation)]
        if any(a is None for a in alts):
            return None
        return ChoiceKind(alts, " | ".join(a.name for a in alts))
    if origin is typing.Literal:
        values = typing.get_args(annotation)
        return _literal(values, kind_for)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        members = list(annotation)
        if not members:
            return None
        return ChoiceKind([ConstKind(m) for m in members], annotation.__name__)
    return None


def _literal(values: tuple, kind_for) -> Any:
    types_ = {type(v) for v in values}
    if len(types_) == 1:
        t = types_.pop()
        base = kind_for(t) if t in (int, str, bool) else None
        if base is not None and base.sort is not None:
            return LiteralKind(base, values)
    if len(values) == 1:
        return ConstKind(values[0])
    return ChoiceKind([ConstKind(v) for v in values], "Literal[" + ", ".join(map(_show, values)) + "]")


register_resolver(_resolve)
