"""Regular expressions have no symbolic model: a proxy that reaches the C regex
engine (`re.match(p, s)`, `PATTERN.fullmatch(s)`) records a concretization, so a
run that matched a symbolic string against a regex is never called complete.

The regex engine sees the proxy's concrete value and answers for it alone: the
branches that depend on the match are recorded against nothing symbolic, and DART
would otherwise report `complete` after a handful of runs over a parser built on
one regular expression (semver's `Version.parse`).  Module functions are reached
through the module view (`models/modules.py`); methods of compiled patterns through
the source rewrite's method calls (`models/rewrite.py`, `models/syntax.METHODS`).
"""
from __future__ import annotations

import re
from typing import Any, Callable

from smartest.models.modules import register_function
from smartest.models.syntax import METHODS
from smartest.symbolic.realize import term_of
from smartest.trace.recorder import record_concretization

NAMES = ("match", "fullmatch", "search", "sub", "subn", "findall", "finditer", "split")


def _symbolic(values) -> bool:
    for v in values:
        t = term_of(v)
        if t is not None and t.op != "const":
            return True
    return False


def _pattern_method(name: str) -> Callable:
    def model(pattern: re.Pattern, *args: Any, **kwargs: Any) -> Any:
        if _symbolic(args) or _symbolic(kwargs.values()):
            record_concretization(f"re.Pattern.{name} has no symbolic model (the regex engine used the concrete string)")
        return getattr(pattern, name)(*args, **kwargs)
    return model


def _module_function(name: str) -> Callable:
    real = getattr(re, name)

    def model(*args: Any, **kwargs: Any) -> Any:
        if _symbolic(args) or _symbolic(kwargs.values()):
            record_concretization(f"re.{name} has no symbolic model (the regex engine used the concrete string)")
        return real(*args, **kwargs)
    model.__name__ = name
    return model


METHODS[re.Pattern] = {name: _pattern_method(name) for name in NAMES}
for _name in NAMES:
    register_function("re", _name)(_module_function(_name))
