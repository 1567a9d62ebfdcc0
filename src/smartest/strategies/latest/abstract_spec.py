"""`--abstract MODULE:FUNCTION`: naming the functions lazy expansion may abstract.

The LATEST tool "requires us to identify the functions that we want to abstract"
(section 5: the lexer, strcmp and the regex functions of a parser).  Here the
default is every function of the target's own code, and each `--abstract` spec
restricts the set to the functions it names.  MODULE is a module's dotted name,
a suffix of it (`calc` for `programs.calc`), or its file (`path/to/calc.py`);
FUNCTION is a function or `Class.method`.
"""
from __future__ import annotations

import os
from typing import Iterable

from smartest.calls.intercept import own_functions, own_modules
from smartest.errors import InvalidArgument


def _module_part(spec: str) -> str:
    if spec.endswith(".py") or "/" in spec or os.sep in spec:
        return os.path.splitext(os.path.basename(spec))[0]
    return spec


def resolve_abstract(specs: Iterable[str], target) -> frozenset[str] | None:
    """Qualified names of the functions the specs name; None when there are no specs."""
    specs = list(specs)
    if not specs:
        return None
    available = [qualname for _, _, qualname, _ in own_functions(own_modules(target.is_own_file))]
    chosen: set[str] = set()
    for spec in specs:
        if not isinstance(spec, str) or ":" not in spec:
            raise InvalidArgument(f"--abstract {spec!r} must look like module:function")
        module, _, function = spec.rpartition(":")
        module = _module_part(module)
        if not module or not function:
            raise InvalidArgument(f"--abstract {spec!r} must look like module:function")
        hits = [q for q in available
                if q.endswith("." + function) and _names_module(q[:-len(function) - 1], module)]
        if not hits:
            raise InvalidArgument(f"--abstract {spec}: no function {function!r} in a module {module!r} of the target's code")
        chosen.update(hits)
    return frozenset(chosen)


def _names_module(module_name: str, wanted: str) -> bool:
    return module_name == wanted or module_name.endswith("." + wanted)
