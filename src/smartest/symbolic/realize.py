"""Realization: turning proxies back into the plain values they stand for.

Return values, exception arguments and anything else that leaves a run is realized,
so reports, emitted tests and equality checks see ordinary Python objects.
"""
from __future__ import annotations

from typing import Any

from smartest.symbolic.bools import SymBool
from smartest.symbolic.bytestr import SymBytes
from smartest.symbolic.floats import SymFloat
from smartest.symbolic.ints import SymInt
from smartest.symbolic.strs import SymStr
from smartest.terms import Term, build


def realize(x: Any, _depth: int = 0) -> Any:
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
    if _depth > 50:
        return x
    if t is list:
        return [realize(v, _depth + 1) for v in x]
    if t is tuple:
        return tuple(realize(v, _depth + 1) for v in x)
    if t is dict:
        return {realize(k, _depth + 1): realize(v, _depth + 1) for k, v in x.items()}
    if t is set:
        return {realize(v, _depth + 1) for v in x}
    if t is frozenset:
        return frozenset(realize(v, _depth + 1) for v in x)
    return x


def term_of(x: Any) -> Term | None:
    """The term of a proxy, a constant term for a plain int/str/bool, else None."""
    t = type(x)
    if t is SymInt or t is SymStr or t is SymBool or t is SymFloat or t is SymBytes:
        return x.term
    if t in (int, str, bool, float, bytes):
        return build.const(x)
    return None
