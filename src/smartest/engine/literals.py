"""Python source for values: the expressions an emitted test writes for inputs and
expected return values, built with `ast`.

Plain values become literals (`[1, 2]`, `{'a': 3}`, `(1,)`, `set()`,
`float('nan')`); a record input (`Recipe`) becomes its constructor call
`Point(x=1, y=2)`; an Enum member `Color.RED`; a NamedTuple or dataclass instance
(a return value) its constructor call when its class compares by value.  Classes
are referred to through `ref`, which the caller turns into an imported name; a
class defined inside a function cannot be imported, so its values have no source.
"""
from __future__ import annotations

import ast
import dataclasses
import enum
import math
from typing import Any, Callable

from smartest.symbolic.recipes import Recipe

Ref = Callable[[type], "ast.expr | None"]


class Source:
    """A value known only by its source text (read back from a report)."""

    def __init__(self, text: str, imports: list) -> None:
        self.text, self.imports = text, [tuple(i) for i in imports]

    def __repr__(self) -> str:
        return self.text


def importable(cls: type) -> tuple[str, str] | None:
    """(module, first name of the qualified name) to import `cls` from, or None."""
    if "<locals>" in cls.__qualname__ or not cls.__module__ or cls.__module__ == "__main__":
        return None
    return cls.__module__, cls.__qualname__.split(".")[0]


def class_ref(cls: type, name: str) -> ast.expr:
    """`name` (the imported first part of the qualified name) and the rest as attributes."""
    out: ast.expr = ast.Name(name, ast.Load())
    for part in cls.__qualname__.split(".")[1:]:
        out = ast.Attribute(out, part, ast.Load())
    return out


def literal(value: Any, ref: Ref, *, returned: bool = False) -> ast.expr | None:
    """An expression for `value`, or None if it has none.  `returned`: the value is
    compared with `==`, so objects must compare by value."""
    if value is None or isinstance(value, (bool, int, str, bytes)) and type(value) in (bool, int, str, bytes):
        return ast.Constant(value)
    t = type(value)
    if t is float:
        if math.isnan(value):
            return ast.Call(ast.Name("float", ast.Load()), [ast.Constant("nan")], [])
        if math.isinf(value):
            return ast.Call(ast.Name("float", ast.Load()), [ast.Constant("inf" if value > 0 else "-inf")], [])
        return ast.Constant(value)
    if t in (list, tuple, set, frozenset):
        items = [literal(v, ref, returned=returned) for v in value]
        if any(i is None for i in items):
            return None
        if t is list:
            return ast.List(items, ast.Load())
        if t is tuple:
            return ast.Tuple(items, ast.Load())
        if t is set:
            return ast.Set(items) if items else ast.Call(ast.Name("set", ast.Load()), [], [])
        return ast.Call(ast.Name("frozenset", ast.Load()), [ast.List(items, ast.Load())] if items else [], [])
    if t is dict:
        keys = [literal(k, ref, returned=returned) for k in value]
        vals = [literal(v, ref, returned=returned) for v in value.values()]
        return None if any(x is None for x in keys + vals) else ast.Dict(keys, vals)
    if t is Source:
        try:
            return ast.parse(value.text, mode="eval").body
        except SyntaxError:
            return None
    if t is Recipe:
        return _call(value.cls, list(value.args), list(value.kwargs), ref, returned)
    if isinstance(value, enum.Enum):
        owner = ref(t)
        return None if owner is None else ast.Attribute(owner, value.name, ast.Load())
    if isinstance(value, tuple) and hasattr(t, "_fields"):
        return _call(t, [], list(zip(t._fields, value)), ref, returned)
    if dataclasses.is_dataclass(value) and (not returned or t.__dataclass_params__.eq):
        fields = [f for f in dataclasses.fields(value) if f.init]
        if len(fields) != len(dataclasses.fields(value)) and returned:
            return None
        return _call(t, [], [(f.name, getattr(value, f.name)) for f in fields], ref, returned)
    return None


def _call(cls: type, args: list, kwargs: list, ref: Ref, returned: bool) -> ast.expr | None:
    func = ref(cls)
    if func is None:
        return None
    a = [literal(v, ref, returned=returned) for v in args]
    k = [(name, literal(v, ref, returned=returned)) for name, v in kwargs]
    if any(x is None for x in a) or any(x is None for _, x in k):
        return None
    return ast.Call(func, a, [ast.keyword(name, x) for name, x in k])


def source(value: Any) -> tuple[str, list[tuple[str, str]]] | None:
    """(source text, imports needed) of a value, for reports."""
    imports: list[tuple[str, str]] = []

    def ref(cls: type) -> ast.expr | None:
        where = importable(cls)
        if where is None:
            return None
        if where not in imports:
            imports.append(where)
        return class_ref(cls, where[1])

    expr = literal(value, ref)
    return None if expr is None else (ast.unparse(expr), imports)
