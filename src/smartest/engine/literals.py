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
import builtins
import dataclasses
import enum
import math
import sys
from typing import Any, Callable

from smartest.symbolic.recipes import Recipe

Ref = Callable[[type], "ast.expr | None"]


_BUILTIN_CALLS = frozenset({"float", "set", "frozenset", "complex", "int"})


class Source:
    """A value known only by its source text (read back from a report or a run
    directory).  That text is data from a file anyone could have edited, so it is
    never spliced into a test as it is: `expression` parses it and keeps it only if
    it is a literal built the way `literal` builds one."""

    def __init__(self, text: str, imports: list) -> None:
        self.text = text if type(text) is str else ""
        self.imports = [tuple(i) for i in imports
                        if type(i) in (list, tuple) and len(i) == 2 and all(type(x) is str for x in i)]

    def __repr__(self) -> str:
        return self.text

    def expression(self) -> ast.expr | None:
        """The parsed literal, or None if the text is anything else."""
        names = {name for _, name in self.imports}
        if len(self.text) > 1_000_000:
            return None
        try:
            expr = ast.parse(self.text, mode="eval").body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None
        return expr if _is_literal(expr, names) else None

    def value(self) -> Any:
        """The value the text stands for, to run the target on (a killed exploration's
        tests, run again plainly: report/confirm_apart.py).  Only a literal is read,
        and its class names only from modules already imported; ValueError otherwise."""
        expr = self.expression()
        if expr is None:
            raise ValueError(f"not a literal: {self.text[:80]!r}")
        names: dict[str, Any] = {n: getattr(builtins, n) for n in _BUILTIN_CALLS}
        for module, name in self.imports:
            if module not in sys.modules or not hasattr(sys.modules[module], name):
                raise ValueError(f"{module}.{name} is not imported")
            names[name] = getattr(sys.modules[module], name)
        code = compile(ast.Expression(expr), "<input>", "eval")
        return eval(code, {"__builtins__": {}}, names)  # noqa: S307 - a checked literal


def _is_literal(e: ast.expr, names: set[str]) -> bool:
    """Constants, containers of literals, `float('nan')`, and constructor calls or
    attributes (Enum members) of the imported class names, nothing else."""
    stack = [e]
    while stack:
        e = stack.pop()
        if isinstance(e, ast.Constant):
            if e.value is Ellipsis:
                return False
        elif isinstance(e, ast.UnaryOp) and isinstance(e.op, (ast.USub, ast.UAdd)):
            if not (isinstance(e.operand, ast.Constant) and type(e.operand.value) in (int, float, complex)):
                return False
        elif isinstance(e, (ast.List, ast.Tuple, ast.Set)):
            stack.extend(e.elts)
        elif isinstance(e, ast.Dict):
            if any(k is None for k in e.keys):
                return False
            stack.extend(e.keys)
            stack.extend(e.values)
        elif isinstance(e, ast.Call):
            if isinstance(e.func, ast.Name) and e.func.id in _BUILTIN_CALLS:
                numeric = e.func.id in ("float", "complex", "int")
                if e.keywords or numeric and not all(isinstance(a, ast.Constant) and type(a.value) in (str, int)
                                                     for a in e.args):
                    return False
            elif not _is_class_ref(e.func, names):
                return False
            if any(isinstance(a, ast.Starred) for a in e.args) or any(k.arg is None for k in e.keywords):
                return False
            stack.extend(e.args)
            stack.extend(k.value for k in e.keywords)
        elif isinstance(e, ast.Attribute):
            if not _is_class_ref(e, names):
                return False
        else:
            return False
    return True


def _is_class_ref(e: ast.expr, names: set[str]) -> bool:
    """`Name` or `Name.Attr...` whose first name is one of the imported names."""
    while isinstance(e, ast.Attribute):
        if e.attr.startswith("_"):
            return False
        e = e.value
    return isinstance(e, ast.Name) and e.id in names


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


MAX_NESTING = 60          # CPython's parser refuses about 200 nested brackets
_HUGE_INT_BITS = 4 * 3000   # past str(int)'s 4,300-digit limit, written in hex


def literal(value: Any, ref: Ref, *, returned: bool = False, depth: int = 0) -> ast.expr | None:
    """An expression for `value`, or None if it has none.  `returned`: the value is
    compared with `==`, so objects must compare by value.  Values nested deeper than
    MAX_NESTING have none: their source would not compile."""
    if depth > MAX_NESTING:
        return None
    if type(value) is int and value.bit_length() > _HUGE_INT_BITS:
        # int('-0x...', 16): exact, and unlike a decimal literal not limited in digits
        return ast.Call(ast.Name("int", ast.Load()), [ast.Constant(hex(value)), ast.Constant(16)], [])
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
        items = [literal(v, ref, returned=returned, depth=depth + 1) for v in value]
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
        keys = [literal(k, ref, returned=returned, depth=depth + 1) for k in value]
        vals = [literal(v, ref, returned=returned, depth=depth + 1) for v in value.values()]
        return None if any(x is None for x in keys + vals) else ast.Dict(keys, vals)
    if t is Source:
        return value.expression()
    if t is Recipe:
        return _call(value.cls, list(value.args), list(value.kwargs), ref, returned, depth)
    if isinstance(value, enum.Enum):
        owner = ref(t)
        return None if owner is None else ast.Attribute(owner, value.name, ast.Load())
    if isinstance(value, tuple) and hasattr(t, "_fields"):
        return _call(t, [], list(zip(t._fields, value)), ref, returned, depth)
    if dataclasses.is_dataclass(value) and (not returned or t.__dataclass_params__.eq):
        fields = [f for f in dataclasses.fields(value) if f.init]
        if len(fields) != len(dataclasses.fields(value)) and returned:
            return None
        return _call(t, [], [(f.name, getattr(value, f.name)) for f in fields], ref, returned, depth)
    return None


def _call(cls: type, args: list, kwargs: list, ref: Ref, returned: bool, depth: int) -> ast.expr | None:
    func = ref(cls)
    if func is None:
        return None
    a = [literal(v, ref, returned=returned, depth=depth + 1) for v in args]
    k = [(name, literal(v, ref, returned=returned, depth=depth + 1)) for name, v in kwargs]
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


def needs_exact_compare(value: Any, depth: int = 0) -> bool:
    """Does `value` hold a NaN or a -0.0 anywhere?  `==` cannot pin those: NaN is
    unequal to itself (a tuple holding one fails `==` at once) and -0.0 == 0.0."""
    if depth > MAX_NESTING:
        return False
    t = type(value)
    if t is float:
        return value != value or (value == 0.0 and math.copysign(1.0, value) < 0)
    if t in (list, tuple):
        return any(needs_exact_compare(v, depth + 1) for v in value)
    if t is dict:
        return any(needs_exact_compare(v, depth + 1) for v in value.values())
    return False
