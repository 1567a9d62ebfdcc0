"""Installing the instrumentation: recompile the annotated functions of the target's
own modules and swap their code in place for the exploration.

A module is read from its source file, instrumented (`instrument.py`, after any
other source rewrite the caller composes in) and compiled whole, without being
run again; then each live function of the module whose compiled code changed
gets `fn.__code__` replaced by the new code object.  Replacing the code of the
function object itself reaches every reference to it (module attribute, method,
alias, decorator wrapper, intercepting wrapper), and functions nested in it come
from the new code when they are next created.  A function is left alone when
the source no longer matches the loaded code (the file changed after import) or
its closure differs.  The runtime object goes into the module's globals; both
are undone when the exploration ends.
"""
from __future__ import annotations

import ast
import inspect
import os
from dataclasses import dataclass, field
from types import CodeType, FunctionType, ModuleType
from typing import Any, Callable, Iterator

from smartest.guided.instrument import RUNTIME, ModulePlan, instrument_with_plan

Rewrite = Callable[[ast.Module], ast.Module]


def _identity(tree: ast.Module) -> ast.Module:
    return tree


@dataclass
class PreparedModule:
    module: ModuleType
    plan: ModulePlan
    swaps: list[tuple[FunctionType, CodeType]] = field(default_factory=list)    # (function, new code)
    skipped: list[str] = field(default_factory=list)


def references_annotations(module: ModuleType) -> bool:
    """Cheap filter: does the module hold `smartest` or the annotation functions?"""
    from smartest.guided import annotations
    for value in list(vars(module).values()):
        if value is annotations.assumed or value is annotations.check or value is annotations:
            return True
        if isinstance(value, ModuleType) and value.__name__ in ("smartest", "smartest.guided"):
            return True
    return False


def prepare(module: ModuleType, configuration: str, *, strict: bool = False,
            rewrite: Rewrite = _identity) -> PreparedModule | None:
    """The instrumented code of a module's annotated functions, not yet installed."""
    filename = getattr(module, "__file__", None)
    if not filename or not filename.endswith(".py"):
        return None
    try:
        with open(filename, encoding="utf-8") as f:
            source = f.read()
        tree = ast.parse(source, filename)
    except (OSError, SyntaxError, ValueError):
        return None
    where = os.path.relpath(filename)
    new_tree, plan = instrument_with_plan(tree, configuration, strict=strict, where=where)
    if not plan:
        return None
    original = _codes(compile(rewrite(tree), filename, "exec", dont_inherit=True))
    changed = _codes(compile(rewrite(new_tree), filename, "exec", dont_inherit=True))
    prepared = PreparedModule(module, plan)
    for fn in _live_functions(module):
        code = fn.__code__
        key = (_qualname(code), code.co_firstlineno)
        new = changed.get(key)
        if new is None or new == original.get(key):
            continue
        if code != original.get(key):
            prepared.skipped.append(f"{key[0]}: the source changed since it was loaded")
        elif new.co_freevars != code.co_freevars:
            prepared.skipped.append(f"{key[0]}: its closure changed")
        else:
            prepared.swaps.append((fn, new))
    return prepared


def _qualname(code: CodeType) -> str:
    return getattr(code, "co_qualname", code.co_name)


def _codes(code: CodeType) -> dict[tuple[str, int], CodeType]:
    """Every function code object compiled from a module, by (qualname, first line)."""
    out: dict[tuple[str, int], CodeType] = {}
    stack = [code]
    while stack:
        c = stack.pop()
        for const in c.co_consts:
            if isinstance(const, CodeType):
                out[(_qualname(const), const.co_firstlineno)] = const
                stack.append(const)
    return out


def _live_functions(module: ModuleType) -> Iterator[FunctionType]:
    """The function objects defined by a module: its functions and its classes'
    methods (unwrapping static/class methods, properties and decorators)."""
    seen: set[int] = set()

    def unwrap(obj: Any) -> Iterator[FunctionType]:
        for _ in range(20):
            if isinstance(obj, (staticmethod, classmethod)):
                obj = obj.__func__
            if isinstance(obj, property):
                for part in (obj.fget, obj.fset, obj.fdel):
                    yield from unwrap(part)
                return
            if isinstance(obj, FunctionType) and id(obj) not in seen:
                seen.add(id(obj))
                yield obj
            inner = getattr(obj, "__wrapped__", None) or getattr(obj, "__smartest_original__", None)
            if inner is None or inner is obj:
                return
            obj = inner

    def in_module(obj: Any) -> bool:
        return getattr(obj, "__module__", None) == module.__name__

    def classes(cls: type, depth: int = 0) -> Iterator[FunctionType]:
        for value in list(vars(cls).values()):
            if inspect.isclass(value) and in_module(value) and depth < 10:
                yield from classes(value, depth + 1)
            else:
                yield from unwrap(value)

    for value in list(vars(module).values()):
        if inspect.isclass(value) and in_module(value):
            yield from classes(value)
        elif in_module(value) or isinstance(value, (staticmethod, classmethod)):
            yield from unwrap(value)


class Installation:
    """Swaps the prepared code in, and back out."""

    def __init__(self, prepared: list[PreparedModule], runtime: Any) -> None:
        self.prepared = prepared
        self.runtime = runtime
        self._undo: list[tuple[FunctionType, CodeType]] = []
        self._globals: list[tuple[ModuleType, Any]] = []

    def __enter__(self) -> "Installation":
        missing = object()
        for p in self.prepared:
            self._globals.append((p.module, vars(p.module).get(RUNTIME, missing)))
            vars(p.module)[RUNTIME] = self.runtime
            for fn, new in p.swaps:
                self._undo.append((fn, fn.__code__))
                fn.__code__ = new
        self._missing = missing
        return self

    def __exit__(self, *exc) -> None:
        for fn, old in reversed(self._undo):
            fn.__code__ = old
        for module, previous in reversed(self._globals):
            if previous is self._missing:
                vars(module).pop(RUNTIME, None)
            else:
                vars(module)[RUNTIME] = previous
        self._undo.clear()
        self._globals.clear()
