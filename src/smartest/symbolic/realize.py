"""Realization: turning proxies back into the plain values they stand for.

Return values, exception arguments and anything else that leaves a run is realized,
so reports, emitted tests and equality checks see ordinary Python objects: symbolic
containers become plain ones, and objects whose fields hold proxies (a dataclass
instance, a NamedTuple, a plain object) become copies holding plain values.
"""
from __future__ import annotations

import copy
import dataclasses
import enum
from typing import Any

from smartest.symbolic.bools import SymBool
from smartest.symbolic.bytestr import SymBytes
from smartest.symbolic.floats import SymFloat
from smartest.symbolic.ints import SymInt
from smartest.symbolic.strs import SymStr
from smartest.terms import Term, build
from smartest.symbolic.upward import provide

_SCALARS = (SymInt, SymStr, SymBool, SymFloat, SymBytes)


def scalar_value(x: Any) -> Any:
    """The concrete value of a scalar proxy; anything else unchanged (a container or
    an object keeps its identity: callers hand it to code that may mutate it)."""
    t = type(x)
    if t is SymInt:
        return int.__int__(x)
    if t is SymStr:
        return str.__str__(x)
    if t is SymBool:
        return x.value
    if t is SymFloat:
        return float.__float__(x)
    if t is SymBytes:
        return bytes.__getitem__(x, slice(None))
    return x


def realize(x: Any, _depth: int = 0, _memo: dict | None = None) -> Any:
    t = type(x)
    if t in _SCALARS:
        return scalar_value(x)
    if _depth > 50:
        return x
    # Each object is realized once per call: an object graph with sharing or cycles
    # (an argparse parser and its actions) would otherwise be walked exponentially.
    memo = {} if _memo is None else _memo
    hit = memo.get(id(x))
    if hit is not None:
        return hit[1]
    memo[id(x)] = (x, x)   # while in progress, a cycle back to x sees x itself
    out = _realize(x, t, _depth + 1, memo)
    memo[id(x)] = (x, out)
    return out


def _realize(x: Any, t: type, d: int, memo: dict) -> Any:
    if t is list:
        return [realize(v, d, memo) for v in x]
    if t is tuple:
        return tuple(realize(v, d, memo) for v in x)
    if t is dict:
        return {realize(k, d, memo): realize(v, d, memo) for k, v in x.items()}
    if t is set:
        return {realize(v, d, memo) for v in x}
    if t is frozenset:
        return frozenset(realize(v, d, memo) for v in x)
    if t.__module__.startswith("smartest.symbolic"):
        return _symbolic_container(x, d, memo)
    if t.__module__ in ("builtins", "enum") or isinstance(x, (type, enum.Enum)):
        return x
    return _record(x, d, memo)


def _symbolic_container(x: Any, d: int, memo: dict) -> Any:
    from smartest.symbolic.dicts import SymDict, SymItemsView, SymKeysView, SymValuesView
    from smartest.symbolic.lists import SymList
    from smartest.symbolic.sets import SymSet
    from smartest.symbolic.tuples import SymTuple
    if isinstance(x, SymList):
        return [realize(v, d, memo) for v in list.__iter__(x)]
    if isinstance(x, SymTuple):
        return tuple(realize(v, d, memo) for v in tuple.__iter__(x))
    if isinstance(x, SymDict):
        return {realize(k, d, memo): realize(v, d, memo) for k, v in dict.items(x)}
    if isinstance(x, SymSet):
        return {realize(v, d, memo) for v in set.__iter__(x)}
    if isinstance(x, (SymKeysView, SymValuesView, SymItemsView)):
        plain = realize(x._mapping, d, memo)
        return {SymKeysView: plain.keys, SymValuesView: plain.values, SymItemsView: plain.items}[type(x)]()
    return x


def _record(x: Any, d: int, memo: dict) -> Any:
    """A copy of an object whose fields hold proxies, with plain fields (the object
    itself when none does)."""
    try:
        if isinstance(x, tuple) and hasattr(type(x), "_fields"):  # a NamedTuple
            values = [realize(v, d, memo) for v in tuple.__iter__(x)]
            return x if all(a is b for a, b in zip(values, x)) else type(x)._make(values)
        fields = vars(x) if not dataclasses.is_dataclass(x) else \
            {f.name: getattr(x, f.name) for f in dataclasses.fields(x)}
    except TypeError:
        return x
    if len(fields) > 64:
        return x
    plain = {k: realize(v, d, memo) for k, v in fields.items()}
    if all(plain[k] is fields[k] for k in fields):
        return x
    try:
        out = copy.copy(x)
        for k, v in plain.items():
            object.__setattr__(out, k, v)
        return out
    except Exception:
        return x


def term_of(x: Any) -> Term | None:
    """The term of a proxy, a constant term for a plain int/str/bool, else None."""
    t = type(x)
    if t is SymInt or t is SymStr or t is SymBool or t is SymFloat or t is SymBytes:
        return x.term
    if t in (int, str, bool, float, bytes):
        return build.const(x)
    return None


provide(realize=realize)
