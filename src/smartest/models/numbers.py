"""Models of the numeric builtins and of `math` that keep floats symbolic: `float()`,
`int()` of a float, `type()`/`str()`/`repr()` of the new proxies, and the exact part
of `math` (sqrt, isnan, isinf, isfinite, fabs, copysign, fmod, isclose).

Each extends the model registered before it (builtins_core's `int`, `str`, `type`)
and falls back on it for values it does not handle.  `math.floor`, `ceil` and `trunc`
need no model: CPython calls the proxies' `__floor__`/`__ceil__`/`__trunc__`.  The
transcendental functions (sin, exp, ...) are not exact in any solver: they use the
concrete value (a recorded concretization, or mixed solving's opaque calls).
"""
from __future__ import annotations

import builtins
import math
import operator

from smartest.models.modules import register_function
from smartest.models.registry import REGISTRY, register
from smartest.symbolic import kinds_scalars  # noqa: F401  (registers the float and bytes inputs)
from smartest.symbolic.bools import SymBool, make_bool
from smartest.symbolic.bytestr import SymBytes
from smartest.symbolic.floats import SymFloat, float_term, int_as_float, make_float
from smartest.symbolic.ints import SymInt, make_int
from smartest.symbolic.strs import SymStr, make_str
from smartest.terms import build, floats as F, text as T
from smartest.trace.recorder import ACTIVE, record_concretization

_float, _type, _int = builtins.float, builtins.type, builtins.int
_prev_int, _prev_str, _prev_type = REGISTRY["int"], REGISTRY["str"], REGISTRY["type"]


def _branch(term, taken: bool) -> bool:
    import sys
    rec = ACTIVE.get()
    if rec is not None:
        rec.branch(term, taken, sys._getframe(1))
    return taken


@register("float")
def float_(*args, **kwargs):
    if len(args) == 1 and not kwargs:
        x = args[0]
        t = _type(x)
        if t is SymFloat:
            return x
        if t is SymInt or t is SymBool:
            term = int_as_float(x)   # records the overflow check first
            return make_float(_float(int(x.value) if t is SymBool else int.__int__(x)), term)
        hook = _FROM_TEXT.get(t)
        if hook is not None:
            return hook(x)
    return _float(*args, **kwargs)


def _parse_float(s: SymStr):
    """float(s) with Python's whole syntax; whether it parses is a branch."""
    text = str.__str__(s)
    try:
        value = _float(text)
    except ValueError:
        value = None
    if not _branch(T.parse_float_ok(s.term), value is not None):
        return _float(text)  # raises ValueError like CPython
    return make_float(value, T.parse_float(s.term))


# float() of a text proxy: the parser of its type.
_FROM_TEXT: dict[type, object] = {SymStr: _parse_float}


@register("int")
def int_(*args, **kwargs):
    if len(args) == 1 and not kwargs and _type(args[0]) is SymFloat:
        return args[0]._integral("ftrunc", int)  # ValueError for nan, OverflowError for inf
    if 1 <= len(args) <= 2 and not kwargs and _type(args[0]) is SymStr and (len(args) == 1 or args[1] == 10) \
            and _type(args[-1]) is not SymInt:
        return _parse_int(args[0])
    if len(args) == 2 and not kwargs and _type(args[0]) is SymStr and _type(args[1]) is _int \
            and (args[1] == 0 or 2 <= args[1] <= 36):
        return _parse_int_base(args[0], args[1])
    return _prev_int(*args, **kwargs)


def _parse_int_base(s: SymStr, base: int):
    """int(s, base) for a plain base: sign, prefix, underscores as CPython reads them."""
    text = str.__str__(s)
    try:
        value = _int(text, base)
    except ValueError:
        value = None
    b = build.const(base)
    if not _branch(T.parse_int_base_ok(s.term, b), value is not None):
        return _int(text, base)  # raises ValueError like CPython
    return make_int(value, T.parse_int_base(s.term, b))


def _parse_int(s: SymStr):
    """int(s) with Python's whole syntax (sign, surrounding whitespace, underscores
    between digits, any Unicode decimal digit): whether it parses is a branch."""
    text = str.__str__(s)
    try:
        value = _int(text)
    except ValueError:
        value = None
    if not _branch(T.parse_int_ok(s.term), value is not None):
        return _int(text)  # raises ValueError like CPython
    return make_int(value, T.parse_int(s.term))


@register("str")
def str_(*args, **kwargs):
    if len(args) == 1 and not kwargs and _type(args[0]) is SymFloat:
        record_concretization("str() of a float (its shortest repr has no model)")
        return float.__repr__(args[0])
    return _prev_str(*args, **kwargs)


@register("repr")
def repr_(obj):
    t = _type(obj)
    if t is SymInt or t is SymBool:
        return REGISTRY["str"](obj)
    if t is SymFloat:
        record_concretization("repr() of a float (its shortest repr has no model)")
    hook = _REPRS.get(t)
    if hook is not None:
        return hook(obj)
    return builtins.repr(obj)


def _repr_str(s: SymStr):
    return make_str(str.__repr__(s), T.repr_(s.term))


# repr() of a text proxy.
_REPRS: dict[type, object] = {SymStr: _repr_str}


@register("type")
def type_(*args):
    out = _prev_type(*args)
    return _PUBLIC.get(out, out) if len(args) == 1 else out


# Proxy class -> the builtin type it stands for (other areas add theirs).
_PUBLIC: dict[type, type] = {SymFloat: builtins.float, SymBytes: builtins.bytes}


# -- math ----------------------------------------------------------------------------

def _float_arg(x, name: str):
    """(concrete float, term) of a math argument, converted as math converts it."""
    t = float_term(x)
    if t is None:
        return None
    return (float.__float__(x) if _type(x) is SymFloat else _float(x.value if _type(x) is SymBool else int(x))), t


def _symbolic(*args) -> bool:
    return any(_type(a) in (SymFloat, SymInt, SymBool) for a in args)


@register_function("math", "sqrt")
def sqrt(x):
    if not _symbolic(x):
        return math.sqrt(x)
    v, t = _float_arg(x, "sqrt")
    if _branch(F.compare("lt", t, build.const(0.0)), v < 0):
        return math.sqrt(v)  # ValueError: math domain error
    return make_float(math.sqrt(v), F.unary("fsqrt", t))


@register_function("math", "isnan")
def isnan(x):
    if not _symbolic(x):
        return math.isnan(x)
    v, t = _float_arg(x, "isnan")
    return make_bool(math.isnan(v), F.isnan(t))


@register_function("math", "isinf")
def isinf(x):
    if not _symbolic(x):
        return math.isinf(x)
    v, t = _float_arg(x, "isinf")
    return make_bool(math.isinf(v), F.isinf(t))


@register_function("operator", "index")
@register_function("_operator", "index")   # what `from operator import index` binds says so
def index(x):
    """`operator.index`: an int is itself, term and all (CPython hands an int subclass
    back unchanged), a bool its value as an int; anything else as CPython answers it."""
    if type(x) is SymInt:
        return x
    if type(x) is SymBool:
        return REGISTRY["int"](x)
    return operator.index(x)


@register_function("math", "isfinite")
def isfinite(x):
    if not _symbolic(x):
        return math.isfinite(x)
    v, t = _float_arg(x, "isfinite")
    return make_bool(math.isfinite(v), build.not_(build.or_(F.isnan(t), F.isinf(t))))


@register_function("math", "fabs")
def fabs(x):
    if not _symbolic(x):
        return math.fabs(x)
    v, t = _float_arg(x, "fabs")
    return make_float(math.fabs(v), F.fabs(t))


@register_function("math", "copysign")
def copysign(x, y):
    if not _symbolic(x, y):
        return math.copysign(x, y)
    (xv, xt), (yv, yt) = _float_arg(x, "copysign"), _float_arg(y, "copysign")
    magnitude = F.fabs(xt)
    return make_float(math.copysign(xv, yv), build.ite(F.signbit(yt), F.fneg(magnitude), magnitude))


@register_function("math", "fmod")
def fmod(x, y):
    if not _symbolic(x, y):
        return math.fmod(x, y)
    (xv, xt), (yv, yt) = _float_arg(x, "fmod"), _float_arg(y, "fmod")
    # ValueError when y is zero or x infinite (and neither is nan): two branches.
    nan = build.or_(F.isnan(xt), F.isnan(yt))
    bad = build.and_(build.not_(nan), build.or_(build.eq(yt, build.const(0.0)), F.isinf(xt)))
    if _branch(bad, not (xv != xv or yv != yv) and (yv == 0.0 or math.isinf(xv))):
        return math.fmod(xv, yv)
    return make_float(math.fmod(xv, yv), F.fmod(xt, yt))


@register_function("math", "isclose")
def isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0):
    if not _symbolic(a, b) or _symbolic(rel_tol, abs_tol):
        return math.isclose(a, b, rel_tol=rel_tol, abs_tol=abs_tol)
    (av, at), (bv, bt) = _float_arg(a, "isclose"), _float_arg(b, "isclose")
    value = math.isclose(av, bv, rel_tol=rel_tol, abs_tol=abs_tol)  # raises on a negative tolerance
    # CPython: equal -> True; an infinity -> False; else |b - a| within either tolerance.
    diff = F.fabs(F.fsub(bt, at))
    rel = build.const(_float(rel_tol))
    close = build.or_(build.le(diff, F.fabs(F.fmul(rel, bt))), build.le(diff, F.fabs(F.fmul(rel, at))),
                      build.le(diff, build.const(_float(abs_tol))))
    term = build.or_(build.eq(at, bt), build.and_(build.not_(build.or_(F.isinf(at), F.isinf(bt))), close))
    return make_bool(value, term)


def _passthrough(name: str):
    """math.floor/ceil/trunc call the proxies' own __floor__/__ceil__/__trunc__."""
    real = getattr(math, name)

    def model(x):
        return real(x)

    register_function("math", name)(model)


for _name in ("floor", "ceil", "trunc"):
    _passthrough(_name)
