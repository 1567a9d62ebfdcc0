"""Recipes: how an input object is built, kept as plain data until a run builds it.

An input of a dataclass, a NamedTuple or a plain class is a `Recipe` (the class
and the arguments of its constructor), not an instance: building the instance
runs the class's code (`__init__`, `__post_init__`), which belongs inside a run
(its branches are explored, its exceptions are outcomes), and a recipe cannot be
changed by the run that receives the instance.  `materialize` builds the plain
objects of a value (a plain run, a replay, a test oracle); the emitted pytest
file writes the recipe as the constructor call it is.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Recipe:
    cls: type
    args: tuple = ()                                  # positional arguments
    kwargs: tuple[tuple[str, Any], ...] = ()          # keyword arguments, in order

    def build(self) -> Any:
        return self.cls(*[materialize(a) for a in self.args], **{k: materialize(v) for k, v in self.kwargs})

    def __repr__(self) -> str:
        parts = [repr(a) for a in self.args] + [f"{k}={v!r}" for k, v in self.kwargs]
        return f"{self.cls.__qualname__}({', '.join(parts)})"


def materialize(value: Any) -> Any:
    """The plain objects a generated input stands for (fresh containers, built recipes)."""
    t = type(value)
    if t is Recipe:
        return value.build()
    if t is list:
        return [materialize(v) for v in value]
    if t is tuple:
        return tuple(materialize(v) for v in value)
    if t is dict:
        return {materialize(k): materialize(v) for k, v in value.items()}
    if t is set:
        return {materialize(v) for v in value}
    if t is frozenset:
        return frozenset(materialize(v) for v in value)
    return value
