"""The registry of builtin models and their installation into target modules.

Why globals and not a source rewrite (DESIGN.md decision 2 proposed an import hook
that rewrites calls): a module-level name is looked up in the module's globals
before the builtins, so one dictionary entry per model redirects every call in the
target's own code with no rewriting, no import hook and no cost on other modules.

A builtin that is a *type* (`int`, `str`, `list`, `dict`, `type`...) is not only
called: the target also writes `isinstance(x, int)`, `type(x) is list`,
`class Stack(list)`, `dict[str, int]` and `case int():`.  So its model is
installed as a *stand-in class*: a subclass of the builtin whose metaclass sends
calls to the model and answers `isinstance`, `issubclass`, `==`, subscripting and
`|` as the builtin does; the `type` model answers the stand-in for the builtin, so
`type(x) is int` holds.  A subclass the target derives from a stand-in is an
ordinary class.
"""
from __future__ import annotations

import builtins
from types import ModuleType
from typing import Any, Callable

REGISTRY: dict[str, Callable] = {}
_INSTALLED_MARK = "__smartest_models__"
STAND_INS: dict[type, type] = {}     # builtin type -> its stand-in class
# Class attributes of a stand-in (models of classmethods such as int.from_bytes).
CLASS_MODELS: dict[str, dict[str, Any]] = {}


class Journal:
    """What installing models changed in a user's modules (globals, class attributes,
    swapped code), so that a library caller gets the modules back as they were: after
    `explore(f)` from a notebook, `type(x) is int` in the package must mean what it
    meant before.  `NO_JOURNAL` changes the same way and keeps nothing (the CLI explores
    in a child process that ends, and smartest's own copies of library modules stay
    installed)."""

    def __init__(self) -> None:
        self._undo: list[Callable[[], None]] = []

    def set(self, ns: dict, key: str, value: Any) -> None:
        if key in ns:
            old = ns[key]
            self._remember(lambda: ns.__setitem__(key, old))
        else:
            self._remember(lambda: ns.pop(key, None))
        ns[key] = value

    def setattr(self, obj: Any, name: str, value: Any) -> None:
        # A class attribute it inherited is deleted again; anything else (a function's
        # `__code__`) is set back.
        old = _ABSENT if isinstance(obj, type) and name not in obj.__dict__ else getattr(obj, name)
        self._remember(lambda: delattr(obj, name) if old is _ABSENT else setattr(obj, name, old))
        setattr(obj, name, value)

    def _remember(self, undo: Callable[[], None]) -> None:
        self._undo.append(undo)

    def undo(self) -> None:
        """Put back everything, latest change first."""
        while self._undo:
            self._undo.pop()()


class _Forgetful(Journal):
    def _remember(self, undo: Callable[[], None]) -> None:
        pass

    def setattr(self, obj: Any, name: str, value: Any) -> None:
        setattr(obj, name, value)


_ABSENT = object()
NO_JOURNAL: Journal = _Forgetful()
# More that installing does to a module (modelled library modules, the rewrite of
# `in` and f-strings): each hook gets the module after the builtins are in place,
# and the journal to make its changes through.
INSTALL_HOOKS: list[Callable[[ModuleType, Journal], None]] = []


def register(name: str) -> Callable[[Callable], Callable]:
    """Register `fn` as the model of the builtin `name`."""
    if not hasattr(builtins, name):
        raise ValueError(f"{name} is not a builtin")

    def deco(fn: Callable) -> Callable:
        REGISTRY[name] = fn
        return fn

    return deco


def _plain_bool(obj):
    from smartest.symbolic.bools import SymBool
    return obj.value if type(obj) is SymBool else obj


class _StandIn(type):
    """Metaclass of the stand-ins (and of any class the target derives from one)."""

    def _builtin(cls):
        return cls.__dict__.get("__smartest_builtin__")

    def __call__(cls, *args, **kwargs):
        real = cls._builtin()
        if real is None:
            return super().__call__(*args, **kwargs)
        out = REGISTRY[cls.__smartest_name__](*args, **kwargs)
        if real is type and len(args) == 1 and not kwargs:
            return STAND_INS.get(out, out)
        return out

    def __instancecheck__(cls, obj) -> bool:
        real = cls._builtin()
        return isinstance(_plain_bool(obj), real) if real is not None else type.__instancecheck__(cls, obj)

    def __subclasscheck__(cls, sub) -> bool:
        real = cls._builtin()
        return issubclass(sub, real) if real is not None else type.__subclasscheck__(cls, sub)

    def __getitem__(cls, item):
        real = cls._builtin()
        return real[item] if real is not None else cls.__class_getitem__(item)

    def __or__(cls, other):
        real = cls._builtin()
        return real | other if real is not None else type.__or__(cls, other)

    def __ror__(cls, other):
        real = cls._builtin()
        return other | real if real is not None else type.__ror__(cls, other)

    def __eq__(cls, other) -> bool:
        real = cls._builtin()
        return other is cls or (real is not None and other is real)

    def __hash__(cls) -> int:
        real = cls._builtin()
        return hash(real) if real is not None else type.__hash__(cls)

    def __repr__(cls) -> str:
        real = cls._builtin()
        return repr(real) if real is not None else type.__repr__(cls)


def stand_in(name: str) -> Callable | type:
    """What `install` puts in a module for the builtin `name`: the model itself for
    a function, a stand-in class for a type (the model when the type cannot be
    subclassed, as `range` and `bool`)."""
    real = getattr(builtins, name)
    if not isinstance(real, type):
        return REGISTRY[name]
    hit = STAND_INS.get(real)
    if hit is None:
        try:
            hit = _StandIn(name, (real,), {"__smartest_builtin__": real, "__smartest_name__": name,
                                           "__module__": "builtins", "__qualname__": name,
                                           **CLASS_MODELS.get(name, {})})
        except TypeError:
            return REGISTRY[name]
        STAND_INS[real] = hit
    return hit


def install(module: ModuleType, journal: Journal = NO_JOURNAL) -> None:
    """Shadow the modelled builtins in `module`, leaving names it defines itself alone."""
    ns = module.__dict__
    installed = ns.get(_INSTALLED_MARK, ())
    for name in REGISTRY:
        if name in ns and name not in installed:
            continue
        journal.set(ns, name, stand_in(name))
    journal.set(ns, _INSTALLED_MARK, tuple(REGISTRY))
    for hook in INSTALL_HOOKS:
        hook(module, journal)
