"""Finding what to explore in a module or package target: every public function,
static and class method, and method, in the target's own modules.

A target without `:func` names a module (`pkg.mod`, `path/to/file.py`) or a
package (`pkg`, `path/to/pkg/`).  Each module is imported on its own, so one that
fails to import (an exception at import time, a syntax error) is one line of the
table and the others are still explored.  What cannot be explored is kept with its
reason rather than dropped, for the same table.
"""
from __future__ import annotations

import inspect
import os
import sys
from dataclasses import dataclass
from types import ModuleType

from smartest.engine.target import _import, _load_file
from smartest.errors import TargetError

_SKIPPED_FILES = ("__main__.py", "setup.py", "conftest.py", "tests.py", "test.py")


def _is_test_file(name: str) -> bool:
    """A package's own tests (pytest's and unittest's file names): their methods are
    not the package's API, and called alone (`tearDown` before `setUp`) they fail for
    no bug of the package (titlecase ships `titlecase/tests.py`)."""
    return name in _SKIPPED_FILES or name.startswith("test_") or name.endswith(("_test.py", "_tests.py"))


@dataclass(frozen=True)
class Unit:
    """One function to explore, or one line saying why it cannot be."""

    module: str            # dotted module name
    qualname: str          # "func", "Class.method", or "" for the module itself
    spec: str              # what `resolve` takes, e.g. "path/to/mod.py:func"
    reason: str = ""       # why not explorable ("" if it is)

    @property
    def name(self) -> str:
        return f"{self.module}:{self.qualname}" if self.qualname else self.module


def is_project_target(spec: str) -> bool:
    """A module or package rather than one function (no `:func`)."""
    return ":" not in spec


def discover(spec: str) -> list[Unit]:
    """The units of a module or package target, in file and definition order."""
    if spec.endswith(".py") or os.path.isfile(spec):
        if not os.path.isfile(spec):
            raise TargetError(f"no such file: {spec}")
        return _module_units(_dotted(spec), _file_module(spec))
    if os.path.isdir(spec):
        seen: set = set()   # a function re-exported by two modules is explored once
        return [u for path in _python_files(spec) for u in _module_units(_dotted(path), _file_module(path), seen)]
    if not spec.replace(".", "").replace("_", "").isalnum():
        raise TargetError(f"target {spec!r} must look like path/to/file.py:func or pkg.mod:func, "
                          f"or name a module or package (pkg.mod, path/to/file.py, path/to/pkg/)")
    cwd = os.getcwd()
    if cwd not in sys.path:
        sys.path.insert(0, cwd)
    module = _import(spec)   # the package itself must import: its modules live inside it
    paths = list(getattr(module, "__path__", []) or [])
    if not paths:
        return _module_units(spec, lambda: (module, f"{spec}:"))
    base = os.path.realpath(paths[0])
    units, seen = [], set()   # a function re-exported by two modules is explored once
    for path in _python_files(base):
        rel = os.path.relpath(path, base)[:-3].replace(os.sep, ".")
        name = spec if rel == "__init__" else f"{spec}.{rel.removesuffix('.__init__')}"
        units += _module_units(name, lambda name=name: (_import(name), f"{name}:"), seen)
    return units


def _file_module(path: str):
    def load():
        module, _, _ = _load_file(path)
        return module, f"{path}:"
    return load


def _dotted(path: str) -> str:
    """The name a file imports as: with its packages (folders with __init__.py)."""
    directory, name = os.path.split(os.path.realpath(path))
    parts = [name[:-3]]
    while os.path.isfile(os.path.join(directory, "__init__.py")):
        directory, package = os.path.split(directory)
        parts.insert(0, package)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


def _python_files(directory: str) -> list[str]:
    out = []
    for root, dirs, files in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__pycache__")) and d not in ("tests", "test"))
        for f in sorted(files):
            private = f.startswith("_") and f != "__init__.py"
            if f.endswith(".py") and not _is_test_file(f) and not private:
                out.append(os.path.join(root, f))
    return out


def _module_units(dotted: str, load, seen: set | None = None) -> list[Unit]:
    try:
        module, prefix = load()
    except TargetError as e:
        return [Unit(dotted, "", "", f"import failed: {e}")]
    seen = set() if seen is None else seen
    units = []
    for qualname, fn in public_functions(module):
        if id(fn) not in seen:
            seen.add(id(fn))
            units.append(Unit(dotted, qualname, prefix + qualname, _unsupported(fn)))
    return units


def public_functions(module: ModuleType) -> list[tuple[str, object]]:
    """(qualified name, function) of the public functions and methods defined in
    `module` (not imported into it), and of those it re-exports from a private module
    of its own package (`from ._impl import parse`: `_impl` is never listed, so its
    API is explored where the package shows it); a class's dunder and private methods
    are left out."""
    found = []
    for name, obj in list(vars(module).items()):
        if name.startswith("_"):
            continue
        here = getattr(obj, "__module__", None) == module.__name__ or _reexported(module, obj)
        if inspect.isfunction(obj) and here:
            found.append((name, obj))
        elif inspect.isclass(obj) and here and obj.__qualname__ == name:
            for attr, raw in list(vars(obj).items()):
                fn = raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw
                if not attr.startswith("_") and inspect.isfunction(fn):
                    found.append((f"{name}.{attr}", fn))
    return found


def compiled_functions(spec: str) -> list[str]:
    """The public callables of the module or package `spec` that are compiled code of
    its own (a C extension, or mypyc: tomli's wheels compile `loads` and `load`), for
    the message of a target with no Python function to explore."""
    module = sys.modules.get(spec)
    if module is None:
        return []
    package = spec.partition(".")[0]
    return [f"{spec}.{name}" for name, obj in vars(module).items()
            if not name.startswith("_") and inspect.isbuiltin(obj)
            and str(getattr(obj, "__module__", "") or "").partition(".")[0] == package]


def _reexported(module: ModuleType, obj) -> bool:
    """Whether `obj` comes from a private module (a name part with a leading `_`) of
    the package `module` belongs to, one `_python_files` skips."""
    home = getattr(obj, "__module__", None)
    package = module.__name__.partition(".")[0]
    if not isinstance(home, str) or home == module.__name__ or home.partition(".")[0] != package:
        return False
    return any(part.startswith("_") for part in home.split(".")[1:])


def _unsupported(fn) -> str:
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return "its signature cannot be read"
    if any(p.kind is p.VAR_POSITIONAL for p in sig.parameters.values()):
        return "takes *args (not supported)"
    return ""
