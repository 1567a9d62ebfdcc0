"""Which modules hold a Hypothesis test's code under test, and installing smartest's models there.

`smartest explore` installs the builtin models (`len`, `ord`, `int`...) and the source
rewrite into the target's own modules (engine/target.py): without them `len(s)` of a
symbolic string is a plain int and `i < len(s)` is never a branch.  Under Hypothesis
there is no target spec: the code under test is the test function's module and the own
modules it reaches through its imports (a module it imports, or the module of a
function or class it imports), transitively.  Own means under the test's directory or
the current directory (where pytest runs), outside the standard library, site-packages
and smartest itself.  Models stay installed for the rest of the process, so the set is
kept as small as that: a test suite's other modules (helpers that compute reference
results with plain Python) are never touched.  A module that uses smartest itself
(smartest's own tests build proxies and compare them with plain Python) is not code
under test either.
"""
from __future__ import annotations

import inspect
import os
import sys
from types import ModuleType
from typing import Any, Iterable

from smartest import models
from smartest.engine.target import _LIBRARY_DIRS, _is_own


def roots_of(test: Any) -> list[str]:
    """The directories whose modules count as the test's own code."""
    roots = [os.path.realpath(os.getcwd()) + os.sep]
    path = _source_file(test)
    # a test function defined in a library (a stateful machine's runner) names no code
    # under test: an installed root would own the library's files (engine/target.py)
    if path and not os.path.realpath(path).startswith(_LIBRARY_DIRS):
        roots.append(os.path.dirname(os.path.realpath(path)) + os.sep)
    return roots


def _source_file(test: Any) -> str | None:
    try:
        return inspect.getsourcefile(inspect.unwrap(test)) if test is not None else None
    except (TypeError, ValueError):
        return None


def _smartest_name(name: str) -> bool:
    return name in ("smartest", "smartest_hypothesis") or name.startswith("smartest.")


def uses_smartest(module: ModuleType) -> bool:
    """Does the module hold anything of smartest's (a module, function or class),
    other than the models smartest installed there itself?"""
    ns = vars(module)
    installed = set(ns.get("__smartest_models__", ()))
    for name, value in list(ns.items()):
        if name in installed or name.startswith("__smartest"):
            continue
        if isinstance(value, ModuleType):
            if _smartest_name(value.__name__):
                return True
        elif _smartest_name(getattr(value, "__module__", None) or "") and callable(value):
            return True
    return False


def _imported(module: ModuleType) -> Iterable[ModuleType]:
    """The modules `module` names in its globals: imported modules, and the modules of
    imported functions and classes."""
    for value in list(vars(module).values()):
        if isinstance(value, ModuleType):
            yield value
        elif callable(value):
            owner = sys.modules.get(getattr(value, "__module__", None) or "")
            if owner is not None:
                yield owner


def code_under_test(test: Any, roots: Iterable[str]) -> list[ModuleType]:
    """The test's module and the own modules reachable from it by import, less those
    that use smartest (walked through, not returned)."""
    roots = tuple(roots)
    start = inspect.getmodule(inspect.unwrap(test)) if test is not None else None
    found: list[ModuleType] = []
    seen: set[str] = set()
    stack = [start] if start is not None else []
    while stack:
        mod = stack.pop()
        name = getattr(mod, "__name__", "")
        if name in seen:
            continue
        seen.add(name)
        path = getattr(mod, "__file__", "") or ""
        if not any(_is_own(path, r) for r in roots):
            continue
        if not uses_smartest(mod):
            found.append(mod)
        stack.extend(_imported(mod))
    return found


def install_models(test: Any) -> int:
    """Install the models into the code under `test`; how many modules."""
    mods = code_under_test(test, roots_of(test))
    for mod in mods:
        models.install(mod)
    return len(mods)
