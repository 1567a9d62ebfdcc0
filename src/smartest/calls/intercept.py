"""Call interception: wrap the target's own functions in their module namespace.

Calls inside a module look the callee up in the module's globals, so replacing
the global with a wrapper routes every call through the active policy.  The
wrappers are removed when the exploration ends.
"""
from __future__ import annotations

import contextlib
import functools
import inspect
import sys
from types import ModuleType
from typing import Callable, Iterator

from smartest.calls.protocol import CallPolicy


def own_functions(modules: list[ModuleType]) -> Iterator[tuple[ModuleType, str, Callable]]:
    """Module-level functions defined in each module (not imported into it)."""
    for mod in modules:
        for name, obj in list(vars(mod).items()):
            if inspect.isfunction(obj) and obj.__module__ == mod.__name__:
                yield mod, name, obj


@contextlib.contextmanager
def intercept(modules: list[ModuleType], policy: CallPolicy) -> Iterator[dict[str, Callable]]:
    """Route calls of the intercepted functions through `policy.on_call`.

    Yields {qualified name: original function} for the functions wrapped.
    """
    replaced: list[tuple[ModuleType, str, Callable]] = []
    originals: dict[str, Callable] = {}
    for mod, name, fn in own_functions(modules):
        qualname = f"{mod.__name__}.{name}"
        if not policy.intercepts(qualname, fn):
            continue

        def make(fn=fn, qualname=qualname):
            @functools.wraps(fn)
            def wrapper(*args, **kwargs):
                return policy.on_call(qualname, fn, args, kwargs, lambda: fn(*args, **kwargs))
            wrapper.__smartest_original__ = fn
            return wrapper

        vars(mod)[name] = make()
        replaced.append((mod, name, fn))
        originals[qualname] = fn
    try:
        yield originals
    finally:
        for mod, name, fn in replaced:
            vars(mod)[name] = fn


def own_modules(is_own_file: Callable[[str], bool]) -> list[ModuleType]:
    return [m for m in list(sys.modules.values())
            if isinstance(m, ModuleType) and is_own_file(getattr(m, "__file__", "") or "")]
