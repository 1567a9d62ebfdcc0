"""Which modules a Hypothesis test's own code lives in, and installing smartest's models there.

`smartest explore` installs the builtin models (`len`, `ord`, `int`...) and the source
rewrite into the target's own modules (engine/target.py): without them `len(s)` of a
symbolic string is a plain int and `i < len(s)` is never a branch.  Under Hypothesis
there is no target spec, so the own modules are those whose files lie under the test
function's directory or the current directory (where pytest runs), outside the
standard library, site-packages and smartest itself.  A module that uses smartest
itself (smartest's own tests build proxies and compare them with plain Python) is not
code under test: models installed there would turn its plain reference computations
symbolic for the rest of the process, so it is left alone.
"""
from __future__ import annotations

import inspect
import os
import sys
from types import ModuleType
from typing import Any, Iterable

from smartest import models
from smartest.engine.target import _is_own


def roots_of(test: Any) -> list[str]:
    """The directories whose modules count as the test's own code."""
    roots = [os.path.realpath(os.getcwd()) + os.sep]
    try:
        path = inspect.getsourcefile(inspect.unwrap(test)) if test is not None else None
    except (TypeError, ValueError):
        path = None
    if path:
        roots.append(os.path.dirname(os.path.realpath(path)) + os.sep)
    return roots


# Module names already judged, per tuple of roots: a test function gets a provider of
# its own, and judging every loaded module again costs a realpath each (about 0.15 s).
_JUDGED: dict[tuple[str, ...], set[str]] = {}


def _smartest_name(name: str) -> bool:
    return name == "smartest" or name.startswith("smartest.")


def uses_smartest(module: ModuleType) -> bool:
    """Does the module hold anything of smartest's (a module, function or class)?"""
    for value in list(vars(module).values()):
        if isinstance(value, ModuleType):
            if _smartest_name(value.__name__):
                return True
        elif _smartest_name(getattr(value, "__module__", None) or "") and callable(value):
            return True
    return False


def install_models(roots: Iterable[str]) -> int:
    """Install the models into every loaded module under one of `roots` not seen
    before; how many."""
    roots = tuple(roots)
    judged = _JUDGED.setdefault(roots, set())
    count = 0
    for name, mod in list(sys.modules.items()):
        if name in judged or not isinstance(mod, ModuleType):
            continue
        judged.add(name)
        path = getattr(mod, "__file__", "") or ""
        if any(_is_own(path, r) for r in roots) and not uses_smartest(mod):
            models.install(mod)
            count += 1
    return count
