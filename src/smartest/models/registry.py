"""The registry of builtin models and their installation into target modules.

Why globals and not a source rewrite (DESIGN.md decision 2 proposed an import hook
that rewrites calls): a module-level name is looked up in the module's globals
before the builtins, so one dictionary entry per model redirects every call in the
target's own code with no rewriting, no import hook and no cost on other modules.
"""
from __future__ import annotations

import builtins
from types import ModuleType
from typing import Callable

REGISTRY: dict[str, Callable] = {}
_INSTALLED_MARK = "__smartest_models__"
# More that installing does to a module (modelled library modules, the rewrite of
# `in` and f-strings): each hook gets the module after the builtins are in place.
INSTALL_HOOKS: list[Callable[[ModuleType], None]] = []


def register(name: str) -> Callable[[Callable], Callable]:
    """Register `fn` as the model of the builtin `name`."""
    if not hasattr(builtins, name):
        raise ValueError(f"{name} is not a builtin")

    def deco(fn: Callable) -> Callable:
        REGISTRY[name] = fn
        return fn

    return deco


def install(module: ModuleType) -> None:
    """Shadow the modelled builtins in `module`, leaving names it defines itself alone."""
    ns = module.__dict__
    installed = ns.get(_INSTALLED_MARK, ())
    for name, fn in REGISTRY.items():
        if name in ns and name not in installed:
            continue
        ns[name] = fn
    ns[_INSTALLED_MARK] = tuple(REGISTRY)
    for hook in INSTALL_HOOKS:
        hook(module)
