"""Models of builtins on text proxies that builtins_core does not know: `len()` and
`ord()` of bytes, `str()` of bytes (its repr: a concretization; with an encoding, its
decoding), `type()` of bytes.

Each extends the model registered before it and falls back on it.
"""
from __future__ import annotations

import builtins

from smartest.models.registry import REGISTRY, register
from smartest.symbolic.bytestr import SymBytes
from smartest.symbolic.ints import make_int
from smartest.symbolic import text_loops  # noqa: F401  (splitlines, expandtabs, swapcase, translate on SymStr)
from smartest.symbolic.text_methods import branch
from smartest.terms import build
from smartest.trace.recorder import record_concretization

_type = builtins.type
_prev_len, _prev_ord, _prev_str = REGISTRY["len"], REGISTRY["ord"], REGISTRY["str"]


@register("len")
def len_(obj):
    if _type(obj) is SymBytes:
        return make_int(bytes.__len__(obj), build.length(obj.term))
    return _prev_len(obj)


@register("ord")
def ord_(c):
    if _type(c) is SymBytes:
        plain = bytes.__getitem__(c, slice(None))
        if not branch(build.eq(build.length(c.term), build.const(1)), len(plain) == 1):
            return builtins.ord(plain)  # raises TypeError like CPython
        return make_int(plain[0], build.to_code(c.term))
    return _prev_ord(c)


@register("str")
def str_(*args, **kwargs):
    if len(args) == 1 and not kwargs and _type(args[0]) is SymBytes:
        record_concretization("str() of bytes (its repr) has no model")
        return bytes.__repr__(args[0])
    if args and _type(args[0]) is SymBytes and len(args) <= 3 and set(kwargs) <= {"encoding", "errors"}:
        # str(b, encoding, errors) is b.decode(encoding, errors), utf-8 by default:
        # CPython reads the buffer in C, so without this the decoding is not recorded.
        encoding = args[1] if len(args) > 1 else kwargs.get("encoding", "utf-8")
        errors = args[2] if len(args) > 2 else kwargs.get("errors", "strict")
        return SymBytes.decode(args[0], encoding, errors)
    return _prev_str(*args, **kwargs)
