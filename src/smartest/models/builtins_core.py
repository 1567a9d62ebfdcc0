"""Models of the core builtins: len, ord, chr, str, int, abs, min, max, hex, oct,
bin, isinstance, type and print (`range` is in `ranges.py`, containers in `containers.py`).

Each answers exactly as the builtin does on plain values (the differential tests
check that) and keeps the term when its argument is a proxy.
"""
from __future__ import annotations

import builtins
import io
import operator
import sys
from types import FunctionType

from smartest.models.escapes import call, holds_proxy, is_proxy
from smartest.models.registry import register
from smartest.symbolic import formatting
from smartest.symbolic.bools import SymBool
from smartest.symbolic.ints import SymInt, int_term, make_int
from smartest.symbolic.realize import scalar_value as _plain
from smartest.symbolic.strs import SymStr, _branch, make_str
from smartest.terms import build
from smartest.trace.recorder import record_concretization

_len, _ord, _chr, _str, _int, _range, _print = len, ord, chr, str, int, range, print
_isinstance, _type, _abs, _min, _max = isinstance, type, abs, min, max
_PROXIES = (SymInt, SymStr, SymBool)


@register("len")
def len_(obj):
    if _type(obj) is SymStr:
        return make_int(str.__len__(obj), build.length(obj.term))
    method = getattr(_type(obj), "__len__", None)
    if _type(method) is FunctionType and not is_proxy(obj):
        return _python_len(obj, method)
    return _len(obj)


_SSIZE_MIN = -sys.maxsize - 1


def _python_len(obj, method):
    """`len(obj)` of a class whose `__len__` is Python code, run through the call guard
    (a library class's is shadowed or watched).  CPython reads the result as a C
    ssize_t, which a SymInt's value would be read as silently: its checks are branches
    here, in CPython's order (an index-sized int, then not negative), and the SymInt
    itself is the length."""
    r = call(method, obj)
    if _type(r) is SymInt:
        v = int.__int__(r)
        fits = _SSIZE_MIN <= v <= sys.maxsize
        inside = build.and_(build.le(build.const(_SSIZE_MIN), r.term), build.le(r.term, build.const(sys.maxsize)))
        if not _branch(inside, fits):
            raise OverflowError("cannot fit 'int' into an index-sized integer")
        if not _branch(build.le(build.const(0), r.term), v >= 0):
            raise ValueError("__len__() should return >= 0")
        return r
    n = operator.index(r)     # TypeError like CPython: "'str' object cannot be interpreted as an integer"
    if not _SSIZE_MIN <= n <= sys.maxsize:
        raise OverflowError("cannot fit 'int' into an index-sized integer")
    if n < 0:
        raise ValueError("__len__() should return >= 0")
    return int(n)


@register("ord")
def ord_(c):
    if _type(c) is SymStr:
        n = build.length(c.term)
        if not _branch(build.eq(n, build.const(1)), str.__len__(c) == 1):
            return _ord(str.__str__(c))  # raises TypeError like CPython
        return make_int(_ord(str.__str__(c)), build.to_code(c.term))
    return _ord(c)


@register("chr")
def chr_(i):
    if _type(i) is SymInt:
        v = int.__int__(i)
        ok = 0 <= v <= 0x10FFFF
        if not _branch(build.and_(build.le(build.const(0), i.term), build.le(i.term, build.const(0x10FFFF))), ok):
            return _chr(v)  # raises ValueError like CPython
        return make_str(_chr(v), build.from_code(i.term))
    return _chr(i)


@register("str")
def str_(*args, **kwargs):
    if _len(args) == 1 and not kwargs:
        x = args[0]
        t = _type(x)
        if t is SymStr:
            return x
        if t is SymInt:
            return make_str(int.__repr__(x), build.int_to_str(x.term))
        if t is SymBool:
            return make_str(repr(x.value), build.ite(x.term, build.const("True"), build.const("False")))
    elif holds_proxy(args, kwargs):
        # str(obj, encoding, errors) with no model above reads a buffer in C.
        record_concretization("str() with an encoding of a symbolic value has no model")
    return _str(*args, **kwargs)


@register("int")
def int_(*args, **kwargs):
    if _len(args) == 1 and not kwargs:
        x = args[0]
        t = _type(x)
        if t is SymInt:
            return x
        if t is SymBool:
            return x.as_int()
        if t is SymStr:
            # The all-ASCII-digits case is in the theory (str.to_int); signs, spaces,
            # underscores and non-ASCII digits fall back on the concrete value.
            plain = str.__str__(x)
            as_int = build.str_to_int(x.term)
            digits = plain.isascii() and plain.isdigit()
            if _branch(build.le(build.const(0), as_int), digits):
                return make_int(_int(plain), as_int)
            record_concretization("int() of a string with a sign, spaces or non-ASCII digits")
            return _int(plain)
    if holds_proxy(args, kwargs):
        record_concretization("int() with these arguments has no model", callee="int")
    return _int(*[_plain(a) for a in args], **kwargs)


def _prefixed(builtin, spec: str):
    """hex/oct/bin: CPython reads an int subclass's digits in C (`PyNumber_Index` hands
    it back as it is, no method of the proxy called), so each is `format(n, '#x')`."""
    def model(x):
        n = x if _type(x) in (SymInt, SymBool) else operator.index(x)   # TypeError like CPython
        if _type(n) in (SymInt, SymBool):
            return formatting.format_value(n, spec)
        return builtin(n)
    model.__name__ = model.__qualname__ = builtin.__name__
    model.__doc__ = builtin.__doc__
    return model


for _name, _spec in (("hex", "#x"), ("oct", "#o"), ("bin", "#b")):
    register(_name)(_prefixed(getattr(builtins, _name), _spec))


@register("abs")
def abs_(x):
    return _abs(x)  # SymInt.__abs__ keeps the term


@register("min")
def min_(*args, **kwargs):
    return _extreme(args, kwargs, _min, lambda a, b: b < a)


@register("max")
def max_(*args, **kwargs):
    return _extreme(args, kwargs, _max, lambda a, b: b > a)


def _extreme(args, kwargs, builtin, better):
    """min/max over ints as an ite chain, so no branch is recorded for the choice."""
    items = args[0] if _len(args) == 1 else args
    if kwargs or not _isinstance(items, (list, tuple)) or not items or \
            not all(_type(v) in (int, SymInt) for v in items) or \
            not any(_type(v) is SymInt for v in items):
        return builtin(*args, **kwargs)
    best = items[0]
    for v in items[1:]:
        bv, bt = int.__int__(best), int_term(best)
        vv, vt = int.__int__(v), int_term(v)
        cond = better(bv, vv)
        term_cond = build.lt(vt, bt) if builtin is _min else build.lt(bt, vt)
        best = make_int(vv if cond else bv, build.ite(term_cond, vt, bt))
    return best


@register("isinstance")
def isinstance_(obj, classinfo):
    pin = getattr(_type(classinfo), "_pin", None)
    if pin is not None:
        # A symbolic tuple as the class info: C walks its items with no method of the
        # proxy called, and an item that is not a class raises TypeError; so its length
        # decides (more_itertools' `always_iterable(obj, base_type=())`), and is fixed
        # by the branches DFS negates.
        pin(classinfo)
    if _type(obj) is SymBool:
        return _isinstance(obj.value, classinfo)
    return _isinstance(obj, classinfo)


# Real class -> what `type(x)` answers in the target's code while a run swaps in a
# stand-in for that class (engine/standins.py fills it for the run, empties it after).
SHOWN_AS: dict = {}


@register("type")
def type_(*args):
    if _len(args) == 1 and _type(args[0]) in _PROXIES:
        x = args[0]
        return builtins.bool if _type(x) is SymBool else (builtins.int if _type(x) is SymInt else builtins.str)
    if _len(args) == 1:
        real = _type(args[0])
        shown = getattr(real, "__smartest_type__", None)   # a model of a C type (re.Pattern)
        if shown is not None:
            return shown
        # During a run the target's `datetime`/`date` are watched twins (engine/standins.py)
        # whose instances are real: `type(d) is date` must still be true there.
        return SHOWN_AS.get(real, real)
    return _type(*args)


@register("print")
def print_(*args, **kwargs):
    """What print() writes to the run's stdout never comes back into the run, so a
    scalar proxy among its arguments is written as its concrete text, unrecorded.  A
    stream the target may read back (a `file=` of its own, or a `StringIO` it made
    `sys.stdout`) gets them as they are, and C taking their text records it
    (symbolic/ints.py `__str__`); so does a container holding one."""
    if kwargs.get("file") is None and not _isinstance(sys.stdout, io.StringIO):
        args = tuple(_plain(a) if _type(a) in _PROXIES else a for a in args)
    return _print(*args, **kwargs)
