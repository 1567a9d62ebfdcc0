"""Call interception: wrap the target's own functions in their module or class
namespace for the duration of an exploration.

Calls inside a module look the callee up in the module's globals, and method calls
look it up on the class, so replacing the attribute with a wrapper routes every call
through the active policy.  Outside a run (no recorder) the wrapper calls straight
through.  The wrappers are removed when the exploration ends.  Dunder methods are
left alone: their callers are often C code (`__eq__`, `__hash__`), where a policy
could not stand in for them soundly.
"""
from __future__ import annotations

import contextlib
import functools
import inspect
import sys
from types import ModuleType
from typing import Any, Callable, Iterator

from smartest.calls.protocol import Call, CallPolicy
from smartest.trace.recorder import ACTIVE


def own_functions(modules: list[ModuleType]) -> Iterator[tuple[Any, str, str, Any]]:
    """(namespace, attribute name, qualified name, raw attribute) of every function
    and method defined in `modules` (not imported into them)."""
    for mod in modules:
        for name, obj in list(vars(mod).items()):
            if inspect.isfunction(obj) and obj.__module__ == mod.__name__:
                yield mod, name, f"{mod.__name__}.{name}", obj
            elif inspect.isclass(obj) and obj.__module__ == mod.__name__ and obj.__qualname__ == name:
                for attr, raw in list(vars(obj).items()):
                    if attr.startswith("__") and attr.endswith("__"):
                        continue
                    fn = raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw
                    if inspect.isfunction(fn):
                        yield obj, attr, f"{mod.__name__}.{name}.{attr}", raw


def _wrap(fn: Callable, qualname: str, policy: CallPolicy) -> Callable:
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        rec = ACTIVE.get()
        if rec is None:
            return fn(*args, **kwargs)
        call = Call(rec, qualname, fn, args, kwargs)
        seen = policy.on_call(call)
        if call.record is not None:
            call.record.seen = seen
        return seen
    wrapper.__smartest_original__ = fn
    return wrapper


def _set(namespace: Any, name: str, value: Any) -> None:
    if isinstance(namespace, ModuleType):
        vars(namespace)[name] = value
    else:
        setattr(namespace, name, value)


@contextlib.contextmanager
def intercept(modules: list[ModuleType], policy: CallPolicy) -> Iterator[dict[str, Callable]]:
    """Route calls of the functions the policy asks for through `policy.on_call`.

    Yields {qualified name: original function} for the functions wrapped.
    """
    replaced: list[tuple[Any, str, Any]] = []
    originals: dict[str, Callable] = {}
    for namespace, name, qualname, raw in own_functions(modules):
        fn = raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw
        if not policy.intercepts(qualname, fn):
            continue
        wrapper = _wrap(fn, qualname, policy)
        if isinstance(raw, staticmethod):
            wrapper = staticmethod(wrapper)
        elif isinstance(raw, classmethod):
            wrapper = classmethod(wrapper)
        _set(namespace, name, wrapper)
        replaced.append((namespace, name, raw))
        originals[qualname] = fn
    try:
        yield originals
    finally:
        for namespace, name, raw in replaced:
            _set(namespace, name, raw)


def own_modules(is_own_file: Callable[[str], bool]) -> list[ModuleType]:
    return [m for m in list(sys.modules.values())
            if isinstance(m, ModuleType) and is_own_file(getattr(m, "__file__", "") or "")]
