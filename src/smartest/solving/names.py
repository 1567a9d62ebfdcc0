"""Opaque functions named on the command line (`--opaque module:function`,
`--partition module:function CONDITION`) and the default library set, installed for
the duration of one exploration.

For code the user cannot edit there is no decorator to add, so the function is
replaced by its opaque wrapper where the target finds it: the attribute of its module
(or class), and every name in the target's own modules bound to the same object
(`from math import sin`).  Builtins are shadowed in the own modules' globals only,
never in the `builtins` module.  Everything is put back when the exploration ends.
"""
from __future__ import annotations

import contextlib
import importlib
import inspect
import os
import sys
from types import ModuleType
from typing import Any, Callable, Iterator, Sequence

from smartest.solving import library as opaque_library
from smartest.solving.opaque import entry_of, make_opaque
from smartest.errors import InvalidArgument


def _module(name: str, spec: str) -> ModuleType:
    if name.endswith(".py") or os.sep in name or "/" in name:
        real = os.path.realpath(name)
        for mod in list(sys.modules.values()):
            if isinstance(mod, ModuleType) and getattr(mod, "__file__", None) and \
                    os.path.realpath(mod.__file__) == real:
                return mod
        raise InvalidArgument(f"{spec}: {name} is not a module of the target (import it or name it pkg.mod)")
    mod = sys.modules.get(name)
    if mod is not None:
        return mod
    # A module loaded from a file inside a package has a dotted name (programs.fig1):
    # accept its last components when they name one loaded module.
    suffix = [m for n, m in list(sys.modules.items()) if n.endswith("." + name) and isinstance(m, ModuleType)]
    if len(suffix) == 1:
        return suffix[0]
    try:
        return importlib.import_module(name)
    except Exception as e:
        raise InvalidArgument(f"{spec}: cannot import module {name!r} ({type(e).__name__}: {e})") from None


def resolve(spec: str, home: ModuleType | None = None) -> tuple[Any, str, Any, str]:
    """(namespace, attribute, raw attribute value, key) of `module:qualname`, or of
    `qualname` in `home` (the target's module)."""
    where, sep, qualname = spec.rpartition(":")
    if not sep and home is not None:
        mod = home
    elif not where or not qualname:
        raise InvalidArgument(f"opaque function {spec!r} must look like module:function")
    else:
        mod = _module(where, spec)
    namespace: Any = mod
    parts = qualname.split(".")
    for part in parts[:-1]:
        namespace = getattr(namespace, part, None)
        if namespace is None:
            raise InvalidArgument(f"{spec}: {mod.__name__} has no attribute {part!r}")
    raw = inspect.getattr_static(namespace, parts[-1], None) if not isinstance(namespace, ModuleType) \
        else vars(namespace).get(parts[-1])
    if raw is None:
        raise InvalidArgument(f"{spec}: {mod.__name__} has no function {qualname!r}")
    fn = raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw
    if not callable(fn) or inspect.isclass(fn):
        raise InvalidArgument(f"{spec}: {qualname} is not a function")
    return namespace, parts[-1], raw, f"{mod.__name__}:{qualname}"


def compile_condition(fn: Callable[..., Any], condition: str, spec: str) -> Callable[..., Any]:
    """A `--partition` condition (an expression over the function's parameter names) as a function."""
    try:
        params = [p.name for p in inspect.signature(fn).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        raise InvalidArgument(f"--partition {spec}: cannot read the parameters of {spec}") from None
    home = sys.modules.get(getattr(fn, "__module__", None) or "")
    namespace = dict(vars(home)) if home is not None else {}
    try:
        return eval(f"lambda {', '.join(params)}: ({condition})", namespace)  # the user's own expression
    except SyntaxError as e:
        raise InvalidArgument(f"--partition {spec}: {condition!r} is not an expression ({e.msg})") from None


class _Patches:
    def __init__(self) -> None:
        self.done: list[tuple[Any, str, Any]] = []

    def set(self, namespace: Any, name: str, value: Any) -> None:
        old = vars(namespace).get(name, _MISSING) if isinstance(namespace, ModuleType) else \
            inspect.getattr_static(namespace, name, _MISSING)
        self.done.append((namespace, name, old))
        if isinstance(namespace, ModuleType):
            vars(namespace)[name] = value
        else:
            setattr(namespace, name, value)

    def undo(self) -> None:
        for namespace, name, old in reversed(self.done):
            if isinstance(namespace, ModuleType):
                if old is _MISSING:
                    vars(namespace).pop(name, None)
                else:
                    vars(namespace)[name] = old
            elif old is _MISSING:
                delattr(namespace, name)
            else:
                setattr(namespace, name, old)
        self.done.clear()


_MISSING = object()


def _rewrap(raw: Any, wrapper: Callable[..., Any]) -> Any:
    if isinstance(raw, staticmethod):
        return staticmethod(wrapper)
    if isinstance(raw, classmethod):
        return classmethod(wrapper)
    return wrapper


@contextlib.contextmanager
def installed(specs: Sequence[str], partitions: Sequence[tuple[str, str]], own: Sequence[ModuleType],
              replacements: Sequence[tuple[Any, str, Any]] = (), home: ModuleType | None = None
              ) -> Iterator[list[str]]:
    """Install the opaque wrappers of `specs` (and of the functions `partitions` name,
    with their conditions) in their namespaces and in the own modules `own`, and the
    `(namespace, name, value)` replacements of the default library; yields the keys
    of the functions installed."""
    patches = _Patches()
    wrappers: dict[str, Callable[..., Any]] = {}
    added: list[tuple[Any, int]] = []
    try:
        for namespace, name, value in replacements:
            patches.set(namespace, name, value)
        for spec in [*specs, *(s for s, _ in partitions)]:
            if spec in wrappers:
                continue
            namespace, name, raw, key = resolve(spec, home)
            fn = raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw
            wrapper = fn if entry_of(fn) is not None else make_opaque(fn, key)
            wrappers[spec] = wrapper
            if wrapper is fn:
                continue
            if isinstance(namespace, ModuleType) and namespace.__name__ == "builtins":
                for mod in own:  # shadow the builtin (or its model) in the target's globals
                    patches.set(mod, name, wrapper)
                continue
            patches.set(namespace, name, _rewrap(raw, wrapper))
            for mod in own:  # other names bound to the same object (`from m import f`)
                for alias, value in list(vars(mod).items()):
                    if value is fn or value is raw:
                        patches.set(mod, alias, wrapper)
        for spec, condition in partitions:
            entry = entry_of(wrappers[spec])
            added.append((entry, len(entry.conditions)))
            entry.add_conditions([compile_condition(entry.fn, condition, spec)])
        yield [entry_of(w).key for w in wrappers.values()]
    finally:
        patches.undo()
        for entry, before in reversed(added):  # a decorated function keeps only its own conditions
            entry.keep_conditions(before)


def for_exploration(options: Any, own: Sequence[ModuleType], home: ModuleType | None = None):
    """The `installed` context of one exploration: `--opaque`, `--partition` (a bare
    function name is looked up in `home`, the target's module) and, unless
    `default_opaque` is off, the default library set."""
    specs = list(options.opaque)
    replacements: list = []
    if options.default_opaque:
        specs += [s for s in opaque_library.default_specs() if s not in specs]
        replacements = opaque_library.replacements(own)
    return installed(specs, options.partitions, own, replacements, home)
