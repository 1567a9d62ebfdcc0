"""Differential checking of models against CPython: the same expression is evaluated
on plain values and on proxies (with a recorder active); the results must be equal
(floats bit for bit: nan equals nan, -0.0 differs from 0.0), the exceptions of the
same type, and every term in the result must evaluate, on the inputs, to the result.
"""
from __future__ import annotations

import math
import struct
from typing import Any, Callable

from smartest.symbolic.realize import realize
from smartest.terms import Term
from smartest.terms.evaluate import evaluate
from smartest.trace.recorder import ACTIVE, Recorder


def same(a: Any, b: Any) -> bool:
    """Equal as values, and of the same type; floats compared by bits (nan: any nan)."""
    if type(a) is not type(b):
        return False
    if type(a) is float:
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return struct.pack("<d", a) == struct.pack("<d", b)
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def _terms(x: Any):
    t = getattr(x, "term", None)
    if isinstance(t, Term):
        yield x, t
    elif type(x) in (list, tuple):
        for v in x:
            yield from _terms(v)


def check(fn: Callable, plain_args: tuple, proxy_args: tuple, env: dict) -> Recorder:
    """fn(*plain_args) and fn(*proxy_args) agree; returns the recorder of the proxy run."""
    try:
        expected = fn(*plain_args)
        raised = None
    except Exception as e:  # noqa: BLE001 - any exception is a behaviour to compare
        expected, raised = None, type(e)
    rec = Recorder()
    token = ACTIVE.set(rec)
    try:
        try:
            got = fn(*proxy_args)
            got_raised = None
        except Exception as e:  # noqa: BLE001
            got, got_raised = None, type(e)
    finally:
        ACTIVE.reset(token)
    assert got_raised is raised, f"raised {got_raised} where CPython raised {raised} ({plain_args})"
    if raised is not None:
        return rec
    assert same(realize(got), expected), f"{realize(got)!r} != {expected!r} for {plain_args}"
    for value, term in _terms(got):
        assert same(evaluate(term, env), realize(value)), f"term {term} of {realize(value)!r} for {plain_args}"
    for b in rec.path:  # every recorded decision held on this run
        assert evaluate(b.term, env) == b.taken, f"branch {b.term} for {plain_args}"
    return rec
