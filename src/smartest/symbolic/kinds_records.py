"""Kinds for records: dataclasses, NamedTuples and plain classes whose `__init__`
is annotated.

A record input is its constructor's arguments, each an input of its own named
`p.x`, `p.y`...; its plain value is a `Recipe`.  The run builds the instance by
calling the class with the arguments' proxies, so the class's own checks
(`__post_init__`, a validating `__init__`) are explored like the target's code,
and an exception they raise is the run's outcome.

A class whose fields refer to itself (`next: Optional[Node]`) is resolved once:
the kind is registered before its fields are, and the nesting bound of
`inputs.MAX_NESTING` ends the recursion (deep down, Optional takes None and lists
are empty).
"""
from __future__ import annotations

import dataclasses
import enum
import inspect
import typing
from typing import Any

from smartest.symbolic.inputs import register_resolver
from smartest.symbolic.recipes import Recipe, materialize

_RESOLVED: dict[type, "RecordKind"] = {}


class RecordKind:
    """A class and the kinds of its constructor's parameters."""

    sort = None

    def __init__(self, cls: type) -> None:
        self.cls = cls
        self.name = cls.__name__
        self.fields: list[tuple[str, Any, bool]] = []   # (name, kind, positional only)
        self.runs_code = True                           # building it runs the class's own code

    @property
    def decisive(self) -> bool:
        return self.runs_code or any(k.decisive for _, k, _ in self.fields)

    def _recipe(self, values: list) -> Recipe:
        args = tuple(v for (_, _, pos), v in zip(self.fields, values) if pos)
        kwargs = tuple((f, v) for (f, _, pos), v in zip(self.fields, values) if not pos)
        return Recipe(self.cls, args, kwargs)

    @staticmethod
    def _values(recipe: Recipe) -> list:
        return [*recipe.args, *(v for _, v in recipe.kwargs)]

    def draw(self, rng, options):
        return self.sample(rng, options, 0)

    def sample(self, rng, options, depth):
        return self._recipe([k.sample(rng, options, depth + 1) for _, k, _ in self.fields])

    def proxy(self, name: str, recipe: Recipe):
        values = [k.proxy(f"{name}.{f}", v) for (f, k, _), v in zip(self.fields, self._values(recipe))]
        args = [v for (_, _, pos), v in zip(self.fields, values) if pos]
        kwargs = {f: v for (f, _, pos), v in zip(self.fields, values) if not pos}
        return self.cls(*args, **kwargs)

    def variables(self, name, options, depth):
        for f, k, _ in self.fields:
            yield from k.variables(f"{name}.{f}", options, depth + 1)

    def flatten(self, name, recipe):
        for (f, k, _), v in zip(self.fields, self._values(recipe)):
            yield from k.flatten(f"{name}.{f}", v)

    def rebuild(self, name, recipe, values, options, depth):
        return self._recipe([k.rebuild(f"{name}.{f}", v, values, options, depth + 1)
                             for (f, k, _), v in zip(self.fields, self._values(recipe))])

    def materialize(self, value):
        return materialize(value)

    def accepts(self, value) -> bool:
        return type(value) is Recipe and value.cls is self.cls

    def bind(self, options, seen) -> None:
        if id(self) not in seen:
            seen.add(id(self))
            for _, k, _ in self.fields:
                k.bind(options, seen)


def _fields(cls: type) -> list[tuple[str, Any, bool]] | None:
    """(name, annotation, positional only) of the constructor's parameters, or None
    if one has no annotation or the class has no constructor we can read."""
    if dataclasses.is_dataclass(cls):
        hints = typing.get_type_hints(cls)
        out = []
        for f in dataclasses.fields(cls):
            if f.init:
                out.append((f.name, hints.get(f.name, f.type), False))
        init_vars = [(n, h.type) for n, h in hints.items() if isinstance(h, dataclasses.InitVar)]
        return out + [(n, t, False) for n, t in init_vars]
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):
        hints = typing.get_type_hints(cls)
        if any(f not in hints for f in cls._fields):
            return None
        return [(f, hints[f], False) for f in cls._fields]
    init = getattr(cls, "__init__", None)
    if init is object.__init__:
        if cls.__new__ is not object.__new__ or _attributes_set_elsewhere(cls):
            return None
        return []
    if not inspect.isfunction(init):
        return None
    hints = typing.get_type_hints(init)
    out = []
    for i, p in enumerate(inspect.signature(init).parameters.values()):
        if i and p.kind is p.VAR_KEYWORD:
            return None   # fields given as **kwargs (argparse.Namespace): none is described
        if i == 0 or p.kind is p.VAR_POSITIONAL:
            continue
        if p.name not in hints:
            return None
        out.append((p.name, hints[p.name], p.kind is p.POSITIONAL_ONLY))
    return out


def _attributes_set_elsewhere(cls: type) -> list[str]:
    """The instance attributes a class with no constructor declares (`original: str`
    in its body, with no value there), which other code assigns after `Class()`.

    `Class()` is then an object none of them is set on, not one of the class's
    values: email-validator's `ValidatedEmail` is filled in by `validate_email`, and
    `validate_email_length(addrinfo: ValidatedEmail)` was `complete` on the one empty
    instance (an AttributeError) while its length checks were never run."""
    unset = []
    for klass in reversed(cls.__mro__[:-1]):
        for name, annotation in vars(klass).get("__annotations__", {}).items():
            if "ClassVar" in str(annotation) or hasattr(cls, name):
                continue
            unset.append(name)
    return unset


def unset_attributes_note(cls: Any) -> str:
    """For the message of an unsupported parameter type: why a class with no
    constructor is not made with `Class()` ("" for any other type)."""
    if not (isinstance(cls, type) and _is_record_class(cls) and getattr(cls, "__init__", None) is object.__init__):
        return ""
    names = _attributes_set_elsewhere(cls)
    if not names:
        return ""
    shown = ", ".join(names[:4]) + (", ..." if len(names) > 4 else "")
    return (f"; {cls.__name__} has no constructor of its own and declares attributes ({shown}) that other "
            f"code sets after {cls.__name__}(): wrap the function in one that builds the instance")


def _is_record_class(cls: Any) -> bool:
    if not isinstance(cls, type) or cls.__module__ in ("builtins", "typing", "collections.abc"):
        return False
    if issubclass(cls, (enum.Enum, BaseException)) or typing.get_origin(cls) is not None:
        return False
    if issubclass(cls, (list, dict, set, frozenset, int, str, float, bytes)):
        return False
    return True


def _resolve(annotation: Any, kind_for) -> RecordKind | None:
    if not _is_record_class(annotation):
        return None
    hit = _RESOLVED.get(annotation)
    if hit is not None:
        return hit
    try:
        fields = _fields(annotation)
    except Exception:
        return None
    if fields is None:
        return None
    kind = RecordKind(annotation)
    _RESOLVED[annotation] = kind
    for name, ann, positional in fields:
        k = kind_for(ann)
        if k is None:
            del _RESOLVED[annotation]
            return None
        kind.fields.append((name, k, positional))
    cls = annotation
    if dataclasses.is_dataclass(cls):
        kind.runs_code = hasattr(cls, "__post_init__")
    elif issubclass(cls, tuple):
        kind.runs_code = False
    return kind


register_resolver(_resolve)
