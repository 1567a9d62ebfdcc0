"""Resolving a target spec (`file.py:func`, `pkg.mod:func`, `pkg.mod:Class.method`)
into a callable, its parameters' input kinds, and the modules that are "own code"."""
from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import sys
import sysconfig
import typing
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable

from smartest import models
from smartest.engine.outcome import ProcessExit
from smartest.engine.sandbox import SideEffectRefused
from smartest.errors import TargetError
from smartest.symbolic.inputs import InputKind, annotation_text, kind_for, unsupported_part


@dataclass(frozen=True)
class Param:
    name: str
    kind: InputKind
    positional_only: bool = False
    keyword_only: bool = False


@dataclass(frozen=True)
class Target:
    spec: str
    function: Callable
    qualname: str            # "func" or "Class.method"
    module: ModuleType
    module_name: str
    file: str | None         # the module's source file
    import_root: str         # the directory to put on sys.path to import module_name
    params: tuple[Param, ...]
    root: str                # files under here (outside site-packages) are own code

    def is_own_file(self, filename: str) -> bool:
        return _is_own(filename, self.root)

    def call(self, values: dict[str, Any]) -> Any:
        """Call the target with one value per parameter, each passed the way it must be."""
        args = [values[p.name] for p in self.params if not p.keyword_only]
        kwargs = {p.name: values[p.name] for p in self.params if p.keyword_only}
        return self.function(*args, **kwargs)


_LIBRARY_DIRS = tuple(
    os.path.realpath(p) + os.sep
    for key in ("stdlib", "platstdlib", "purelib", "platlib")
    if (p := sysconfig.get_paths().get(key))
)
_SMARTEST_DIR = os.path.dirname(os.path.dirname(os.path.realpath(__file__))) + os.sep


def _is_own(filename: str, root: str) -> bool:
    if not filename or filename.startswith("<"):
        return False
    real = os.path.realpath(filename)
    if real.startswith(_SMARTEST_DIR) or any(real.startswith(d) for d in _LIBRARY_DIRS):
        return False
    return real.startswith(root)


def _load_file(path: str) -> tuple[ModuleType, str, str]:
    if not os.path.isfile(path):
        raise TargetError(f"no such file: {path}")
    path = os.path.realpath(path)
    directory = os.path.dirname(path)
    name = os.path.splitext(os.path.basename(path))[0]
    # Inside a package (folders with __init__.py), import by dotted name from the
    # package's parent, so the package's relative imports work.
    root, parts = directory, [name]
    while os.path.isfile(os.path.join(root, "__init__.py")):
        parts.insert(0, os.path.basename(root))
        root = os.path.dirname(root)
    dotted = ".".join(parts)
    if root in sys.path:
        sys.path.remove(root)
    sys.path.insert(0, root)   # first: another directory's module of the same name must not win
    existing = sys.modules.get(dotted)
    if existing is not None:
        if _file_of(existing) == path:
            return existing, dotted, root
        # A module of the same name from another file (an earlier target, a script):
        # forget it, so the name means this file from now on.
        for key in [k for k in sys.modules if k == dotted or k.startswith(dotted + ".")]:
            del sys.modules[key]
    module = _import(dotted)
    if _file_of(module) != path:
        raise TargetError(f"importing {dotted!r} gives {_file_of(module)}, not {path}: "
                          f"rename one of the two modules")
    return module, dotted, root


def _file_of(module: ModuleType) -> str:
    return os.path.realpath(getattr(module, "__file__", "") or "")


def _import(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        raise TargetError(f"cannot import module {name!r}: {e}") from None
    except SyntaxError as e:
        raise TargetError(f"syntax error in {e.filename}:{e.lineno}: {e.msg}") from None
    except ProcessExit as e:
        raise TargetError(f"importing {name!r} ended the process (os._exit({e.status}))") from None
    except SideEffectRefused as e:
        raise TargetError(f"importing {name!r}: the sandbox refused {e} (--allow {e.kind} lets it through)") from None
    except BaseException as e:  # the module's own code failed while importing
        raise TargetError(f"importing {name!r} raised {type(e).__name__}: {_message(e)}") from None


def _message(e: BaseException) -> str:
    try:
        return str(e)
    except Exception:
        return "<unprintable>"


def resolve(spec: str, default_type: str = "int") -> Target:
    if ":" not in spec:
        raise TargetError(f"target {spec!r} must look like path/to/file.py:func or pkg.mod:func")
    where, _, qualname = spec.rpartition(":")
    if not where or not qualname:
        raise TargetError(f"target {spec!r} must look like path/to/file.py:func or pkg.mod:func")
    if where.endswith(".py") or os.sep in where or "/" in where:
        module, module_name, import_root = _load_file(where)
    else:
        cwd = os.getcwd()
        if cwd not in sys.path:
            sys.path.insert(0, cwd)
        module, module_name, import_root = _import(where), where, cwd
    function = _lookup(module, module_name, qualname)
    file = getattr(module, "__file__", None)
    root = os.path.realpath(import_root) + os.sep
    params = _params(function, qualname, default_type)
    for mod in list(sys.modules.values()):
        if isinstance(mod, ModuleType) and _is_own(getattr(mod, "__file__", "") or "", root):
            models.install(mod)
    return Target(spec, function, qualname, module, module_name, file, import_root, params, root)


def _lookup(module: ModuleType, module_name: str, qualname: str) -> Callable:
    obj: Any = module
    parts = qualname.split(".")
    for i, part in enumerate(parts):
        if not hasattr(obj, part):
            where = module_name if i == 0 else ".".join([module_name, *parts[:i]])
            raise TargetError(f"{where} has no attribute {part!r}")
        owner, obj = obj, getattr(obj, part)
    if inspect.isclass(obj):
        raise TargetError(f"{qualname} is a class; name one of its methods, e.g. {qualname}.method")
    if not callable(obj):
        raise TargetError(f"{qualname} in {module_name} is not callable")
    for test, what in ((inspect.isgeneratorfunction, "a generator function"),
                       (inspect.iscoroutinefunction, "an async function"),
                       (inspect.isasyncgenfunction, "an async generator function")):
        if test(inspect.unwrap(obj)):
            # Calling it would only build a generator or coroutine: the body would never run.
            raise TargetError(f"{qualname} is {what}: smartest explores plain functions; wrap it in one "
                              f"that drives it (e.g. returns list(...) or asyncio.run(...))")
    if len(parts) > 1 and inspect.isclass(owner):
        raw = inspect.getattr_static(owner, parts[-1])
        if not isinstance(raw, (staticmethod, classmethod)):
            try:
                instance = owner()
            except Exception as e:
                raise TargetError(
                    f"cannot make an instance of {owner.__name__} with no arguments to call "
                    f"{qualname} ({type(e).__name__}: {e})") from None
            obj = getattr(instance, parts[-1])
    return obj


def _params(function: Callable, qualname: str, default_type: str) -> tuple[Param, ...]:
    try:
        sig = inspect.signature(function)
    except (TypeError, ValueError):
        raise TargetError(f"cannot read the signature of {qualname}") from None
    try:
        hints = typing.get_type_hints(function)
    except Exception as e:
        raise TargetError(f"cannot evaluate the annotations of {qualname}: {e}") from None
    params = []
    for p in sig.parameters.values():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue  # left empty
        annotation = hints.get(p.name, default_type)
        kind = kind_for(annotation)
        if kind is None:
            part = unsupported_part(annotation)
            why = "" if part is annotation else f"{annotation_text(part)} is not; "
            raise TargetError(f"parameter {p.name!r} of {qualname}: type {annotation_text(annotation)} is not "
                              f"supported ({why}supported: int, str, bool, None, Optional/Union, Literal, Enum, "
                              f"list, tuple, dict, set, dataclasses, NamedTuples, classes with an annotated __init__)")
        params.append(Param(p.name, kind, p.kind is p.POSITIONAL_ONLY, p.kind is p.KEYWORD_ONLY))
    return tuple(params)
