"""Models of library functions (`math.sqrt`, ...), installed where the target sees them.

C functions read a float subclass's value directly, so a SymFloat passed to
`math.sqrt` would silently lose its term.  A library module with models is shown
to the target's own modules through a *view*: wherever a module global is bound to
the module (`import math`, `import math as m`), it is rebound to a view whose
modelled attributes are the models and whose other attributes are the module's own,
looked up on every access (so whoever patches the real module later, as mixed
solving does with `math.sin`, is still seen).  A global bound to a modelled
function itself (`from math import sqrt`) is rebound to the model.  The real function
reached another way (an `import math` inside a function body, as humanize does) is met
by the call guard with a proxy argument and handed to the model too (BOUND_MODELS).

An attribute of the view that is still the module's original C function, called
with a proxy argument, records a concretization: the function used the concrete
value.
"""
from __future__ import annotations

import functools
import importlib
from types import ModuleType
from typing import Any, Callable

from smartest.models.escapes import BOUND_MODELS
from smartest.models.registry import INSTALL_HOOKS, Journal
from smartest.trace.recorder import record_concretization

MODELS: dict[str, dict[str, Callable]] = {}       # module name -> attribute -> model
_ORIGINALS: dict[str, dict[str, Any]] = {}        # module name -> its attributes when first modelled
_VIEWS: dict[str, "ModuleView"] = {}


def register_function(module: str, name: str) -> Callable[[Callable], Callable]:
    """Register `fn` as the model of `module.name` (a function of a library module)."""

    def deco(fn: Callable) -> Callable:
        real = importlib.import_module(module)
        if module not in _ORIGINALS:
            _ORIGINALS[module] = dict(vars(real))
        MODELS.setdefault(module, {})[name] = fn
        functools.update_wrapper(fn, getattr(real, name), updated=())
        return fn

    return deco


def _is_proxy(x: Any) -> bool:
    from smartest.symbolic.realize import term_of
    t = term_of(x)
    if t is not None:
        return t.op != "const"
    return hasattr(x, "term") and type(x).__module__.startswith("smartest.")


def _recording(module: str, name: str, fn: Callable) -> Callable:
    @functools.wraps(fn)
    def call(*args, **kwargs):
        if any(_is_proxy(a) for a in args) or any(_is_proxy(v) for v in kwargs.values()):
            record_concretization(f"{module}.{name} has no symbolic model (C code used the concrete value)",
                                  callee=f"{module}.{name}")
        return fn(*args, **kwargs)
    return call


class ModuleView(ModuleType):
    """A library module as the target's own code sees it: models first."""

    def __init__(self, real: ModuleType) -> None:
        super().__init__(real.__name__, real.__doc__)
        object.__setattr__(self, "_real", real)
        object.__setattr__(self, "_wrapped", {})

    def __getattr__(self, name: str) -> Any:
        real = object.__getattribute__(self, "_real")
        module = real.__name__
        model = MODELS.get(module, {}).get(name)
        if model is not None:
            return model
        value = getattr(real, name)
        if callable(value) and _ORIGINALS.get(module, {}).get(name) is value and not isinstance(value, type):
            wrapped = object.__getattribute__(self, "_wrapped")
            hit = wrapped.get(name)
            if hit is None or hit.__wrapped__ is not value:
                hit = wrapped[name] = _recording(module, name, value)
            return hit
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(object.__getattribute__(self, "_real"), name, value)

    def __dir__(self):
        return dir(object.__getattribute__(self, "_real"))

    def __repr__(self) -> str:
        return repr(object.__getattribute__(self, "_real"))


def view(module: ModuleType) -> ModuleView:
    hit = _VIEWS.get(module.__name__)
    if hit is None:
        hit = _VIEWS[module.__name__] = ModuleView(module)
    return hit


def install_module_models(module: ModuleType, journal: Journal) -> None:
    """Rebind `module`'s globals that name a modelled module or one of its functions."""
    ns = module.__dict__
    for key, value in list(ns.items()):
        if isinstance(value, ModuleType) and not isinstance(value, ModuleView) and value.__name__ in MODELS:
            journal.set(ns, key, view(value))
            continue
        if not callable(value):
            continue
        owner = getattr(value, "__module__", None) or getattr(getattr(value, "__self__", None), "__name__", None)
        models = MODELS.get(owner) if isinstance(owner, str) else None
        name = getattr(value, "__name__", None)
        if models and name in models and _ORIGINALS[owner].get(name) is value:
            journal.set(ns, key, models[name])


INSTALL_HOOKS.append(install_module_models)


def _module_function(module: ModuleType, name: str) -> Callable | None:
    """The model of `module.name` when the guard meets the real C function (its
    `__self__` is the module) with a proxy argument; None if it has none."""
    model = MODELS.get(getattr(module, "__name__", ""), {}).get(name)
    original = _ORIGINALS.get(module.__name__, {}).get(name) if model is not None else None
    return model if original is not None and getattr(module, name, None) is original else None


BOUND_MODELS[ModuleType] = _module_function
