"""Resolving a target spec (`file.py:func`, `pkg.mod:func`, `pkg.mod:Class.method`)
into a callable, its parameters' input kinds, and the modules that are "own code"."""
from __future__ import annotations

import dataclasses
import functools
import importlib
import importlib.util
import inspect
import operator
import os
import sys
import sysconfig
import types
import typing
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable

from smartest import models
from smartest.engine.annotations import parameter_types
from smartest.engine.outcome import ProcessExit
from smartest.engine.sandbox import SideEffectRefused
from smartest.errors import TargetError
from smartest.symbolic.inputs import InputKind, annotation_text, kind_for, unsupported_part
from smartest.symbolic.kinds_records import unset_attributes_note


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
    notes: tuple[str, ...] = ()   # annotations that fell back (engine/annotations.py)
    guessed: tuple[str, ...] = ()  # parameters whose type is a guess: their TypeErrors are not bugs
    narrowed: tuple[str, ...] = ()  # unions explored without their unsupported members ("b narrowed to bytes")
    made_with: type | None = None  # `Class.method` on `Class()`: the class, made anew for every call

    def is_own_file(self, filename: str) -> bool:
        return _is_own(filename, self.root)

    def call(self, values: dict[str, Any]) -> Any:
        """Call the target with one value per parameter, each passed the way it must be."""
        args = [values[p.name] for p in self.params if not p.keyword_only]
        kwargs = {p.name: values[p.name] for p in self.params if p.keyword_only}
        if self.made_with is not None:
            # A new instance every run, as every emitted test makes one: a method that
            # changes its instance (num2words' `to_currency` cuts `self.negword` and puts
            # it back only when nothing raised) would otherwise hand its state to the
            # next run, which then returned what no plain call returns.
            return getattr(self.made_with(), self.qualname.rpartition(".")[2])(*args, **kwargs)
        return self.function(*args, **kwargs)


_LIBRARY_DIRS = tuple(
    os.path.realpath(p) + os.sep
    for key in ("stdlib", "platstdlib", "purelib", "platlib")
    if (p := sysconfig.get_paths().get(key))
)
_SMARTEST_DIR = os.path.dirname(os.path.dirname(os.path.realpath(__file__))) + os.sep


# Asked for every frame of every run: the same few files, each a handful of system calls.
_realpath = functools.lru_cache(maxsize=4096)(os.path.realpath)


def _is_own(filename: str, root: str) -> bool:
    """Under `root`, and not smartest's.  A root inside site-packages (an installed
    package, see `package_root`) owns its files; otherwise library files never count."""
    if not filename or filename.startswith("<"):
        return False
    real = _realpath(filename)
    if real.startswith(_SMARTEST_DIR):
        return False
    if root.endswith(".py"):            # a single-module distribution: that file alone
        return real == root
    if any(real.startswith(d) for d in _LIBRARY_DIRS) and not any(root.startswith(d) for d in _LIBRARY_DIRS):
        return False
    return real.startswith(root)


def package_root(module_name: str) -> str | None:
    """The directory of the top-level package of `module_name` (with a trailing
    separator), or the file of a top-level module: the target's own code when it was
    imported from outside the working directory, e.g. installed in site-packages."""
    top = sys.modules.get(module_name.split(".")[0])
    if top is None:
        return None
    paths = list(getattr(top, "__path__", []) or [])
    if paths:
        return os.path.realpath(paths[0]) + os.sep
    file = getattr(top, "__file__", None)
    return os.path.realpath(file) if file else None


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


def resolve(spec: str, default_type: str = "int", journal: models.Journal = models.NO_JOURNAL) -> Target:
    """The target `spec` names, with smartest's models installed in its own modules
    (through `journal`, for a caller that wants them taken out again)."""
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
    function, self_type, made_with = _lookup(module, module_name, qualname)
    file = getattr(module, "__file__", None)
    root = own_root(module_name, file, import_root)
    params, notes, guessed, narrowed = _params(function, qualname, default_type, self_type)
    for mod in list(sys.modules.values()):
        if isinstance(mod, ModuleType) and _is_own(getattr(mod, "__file__", "") or "", root):
            models.install(mod, journal)
    return Target(spec, function, qualname, module, module_name, file, import_root, params, root, tuple(notes),
                  tuple(guessed), tuple(narrowed), made_with)


def importable_without(module_name: str, import_root: str) -> bool:
    """Whether `module_name`'s top-level package imports as this same file without
    `import_root` on sys.path (installed, editable or not): then emitted tests need
    no sys.path line."""
    top = module_name.split(".")[0]
    loaded = sys.modules.get(top)
    origin = os.path.realpath(getattr(loaded, "__file__", "") or "") if loaded else ""
    if not origin:
        return False
    root = os.path.realpath(import_root)
    saved = sys.path[:]
    try:
        sys.path[:] = [p for p in sys.path if os.path.realpath(p or os.getcwd()) != root]
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            try:
                spec = find(top, None) if find is not None else None
            except Exception:
                continue
            if spec is not None:
                return bool(spec.origin) and os.path.realpath(spec.origin) == origin
        return False
    finally:
        sys.path[:] = saved


def own_root(module_name: str, file: str | None, import_root: str) -> str:
    """The import root, or the module's top-level package when the module does not
    live under it (installed in site-packages, or elsewhere on sys.path)."""
    root = os.path.realpath(import_root) + os.sep
    real = os.path.realpath(file) if file else ""
    if real and (not real.startswith(root) or any(real.startswith(d) for d in _LIBRARY_DIRS)):
        return package_root(module_name) or root
    return root


def _lookup(module: ModuleType, module_name: str, qualname: str) -> tuple[Callable, type | None, type | None]:
    """The callable, the class of its `self` when the method is explored unbound
    (its instance is then an input, built from the class's annotated __init__), and the
    class when the method is called on an instance made with `Class()`."""
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
            if inspect.isfunction(raw) and _is_record(owner) and kind_for(owner) is not None:
                # A record's fields are what its methods compute from: `Params()` with every
                # default would be one point, and `complete` on it a promise about one value.
                return raw, owner, None
            unset = unset_attributes_note(owner)
            if unset:
                # `Class()` is not one of its values (email-validator's
                # `ValidatedEmail().as_dict()` was complete on the empty object).
                raise TargetError(f"cannot call {qualname} on {owner.__name__}(){unset}")
            try:
                instance = owner()
            except Exception as e:
                if inspect.isfunction(raw) and kind_for(owner) is not None:
                    return raw, owner, None
                raise TargetError(
                    f"cannot make an instance of {owner.__name__} with no arguments, nor from annotated "
                    f"__init__ parameters, to call {qualname} ({type(e).__name__}: {e})") from None
            return getattr(instance, parts[-1]), None, owner
    return obj, None, None


def _is_record(cls: type) -> bool:
    """A dataclass or a NamedTuple: a class that is its fields."""
    return dataclasses.is_dataclass(cls) or (issubclass(cls, tuple) and hasattr(cls, "_fields"))


def supported_members(annotation: Any) -> Any:
    """The union of the members of a union annotation that inputs can be made of
    (`str | bytes | bytearray` -> `str | bytes`), or None if it is not a union or none is."""
    if typing.get_origin(annotation) not in (typing.Union, types.UnionType):
        return None
    members = [m for m in typing.get_args(annotation) if kind_for(m) is not None]
    if not members:
        return None
    return functools.reduce(operator.or_, members[1:], members[0]) if len(members) > 1 else members[0]


def _params(function: Callable, qualname: str, default_type: str,
            self_type: type | None = None) -> tuple[tuple[Param, ...], list[str], list[str], list[str]]:
    try:
        sig = inspect.signature(function)
    except (TypeError, ValueError):
        if inspect.isbuiltin(function):
            raise TargetError(f"cannot read the signature of {qualname}: it is compiled code (a C extension "
                              f"or mypyc), which smartest cannot follow") from None
        raise TargetError(f"cannot read the signature of {qualname}") from None
    wanted = [p for p in sig.parameters.values() if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    own = wanted[1:] if self_type is not None else wanted   # `self` is made from its class
    hints, notes, guessed = parameter_types(function, own, default_type)
    if self_type is not None and wanted:
        hints[wanted[0].name] = self_type
    # `*args` and `**kwargs` are never given: a `complete` promises nothing about them
    # (more_itertools' `join_mappings(**field_to_map)` was complete on no mapping at all).
    narrowings = [f"{'*' if p.kind is p.VAR_POSITIONAL else '**'}{p.name} empty" for p in sig.parameters.values()
                  if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    params = []
    by_keyword = False   # a parameter before was left out: the ones after it go by name
    for i, p in enumerate(wanted):
        annotation = hints[p.name]
        kind = kind_for(annotation)
        narrowed = supported_members(annotation) if kind is None else None
        if narrowed is not None:
            kind = kind_for(narrowed)
            notes.append(f"{p.name}: {annotation_text(annotation)} narrowed to {annotation_text(narrowed)} "
                         f"(the other members of the union cannot be generated)")
            narrowings.append(f"{p.name} narrowed to {annotation_text(narrowed)}")
        if kind is None and _may_keep_default(p, wanted[i + 1:]):
            # tomli's `loads(s, *, parse_float: Callable[[str], Any] = float)`: the
            # function is its first parameter; not exploring it at all for a hook it
            # passes a default for would leave a parser unexplored.  A `complete` then
            # promises only runs with that default, and says so.
            notes.append(f"{p.name}: type {annotation_text(annotation)} cannot be generated; "
                         f"left at its default {_short_repr(p.default)}")
            narrowings.append(f"{p.name} at its default")
            by_keyword = True
            continue
        if kind is None:
            part = unsupported_part(annotation)
            why = "" if part is annotation else f"{annotation_text(part)} is not; "
            raise TargetError(f"parameter {p.name!r} of {qualname}: type {annotation_text(annotation)} is not "
                              f"supported ({why}supported: int, str, bool, None, Optional/Union, Literal, Enum, "
                              f"list, tuple, dict, set, dataclasses, NamedTuples, classes with an annotated __init__)"
                              f"{unset_attributes_note(part)}")
        keyword = p.kind is p.KEYWORD_ONLY or (by_keyword and p.kind is p.POSITIONAL_OR_KEYWORD)
        params.append(Param(p.name, kind, p.kind is p.POSITIONAL_ONLY, keyword))
    return tuple(params), notes, guessed, narrowings


def _may_keep_default(p: inspect.Parameter, later: list[inspect.Parameter]) -> bool:
    """Whether a parameter whose type no input can be made of may be left out, so that
    the call takes its default: it has one, and no later parameter would then have to
    be passed in its place (a positional-only one after a positional-only one)."""
    if p.default is p.empty:
        return False
    return p.kind is not p.POSITIONAL_ONLY or not any(q.kind is q.POSITIONAL_ONLY for q in later)


def _short_repr(value: Any) -> str:
    text = getattr(value, "__qualname__", None) if callable(value) else None
    text = text or repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
