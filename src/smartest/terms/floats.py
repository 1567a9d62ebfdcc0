"""Float terms: IEEE double arithmetic with round-to-nearest-even, as CPython computes.

Float operators have their own names (`fadd`, `fmul`, ...) because the integer
identities of `build` are false on floats: `x + 0.0` is not `x` when x is -0.0,
`x * 0.0` is nan when x is inf, `x - x` is nan when x is nan.  Comparisons reuse
`eq`/`lt`/`le` (the backend picks IEEE semantics by sort: nan compares false, -0.0
equals 0.0), and a float compared with an int compares exactly, as Python does.

Every operator here is total, like its IEEE counterpart: `fdiv(1.0, 0.0)` is inf even
though Python raises, because the proxy records the zero-divisor branch first and a
term is only built on the path where the operation succeeded.
"""
from __future__ import annotations

import math

from smartest.terms import build
from smartest.terms.evaluate import OPS
from smartest.terms.rewrite import register_op
from smartest.terms.term import Sort, Term, const, make

FLOAT, INT, BOOL = Sort.FLOAT, Sort.INT, Sort.BOOL
INF = float("inf")


# --- evaluation (Python floats are IEEE doubles, rounded to nearest even) -------

def _div(a: float, b: float) -> float:
    if b == 0.0:
        if a == 0.0 or a != a:
            return math.nan
        return math.copysign(INF, a) * math.copysign(1.0, b)
    return a / b


def _integral(rounded, x: float) -> float:
    """An integral float keeping x's sign on zero results (IEEE roundToIntegral)."""
    if x != x or x in (INF, -INF):
        return x
    r = float(rounded(x))
    return math.copysign(r, x) if r == 0.0 else r


def _fmod(a: float, b: float) -> float:
    if b == 0.0 or a != a or b != b or a in (INF, -INF):
        return math.nan
    return math.fmod(a, b)


def _sqrt(a: float) -> float:
    return math.nan if a < 0.0 else math.sqrt(a)


def _i2f(n: int) -> float:
    try:
        return float(n)
    except OverflowError:
        return INF if n > 0 else -INF


def _f2i(x: float) -> int:
    return int(x) if x == x and x not in (INF, -INF) else 0


def _itruediv(a: int, b: int) -> float:
    if b == 0:
        return math.nan
    try:
        return a / b
    except OverflowError:
        return INF if (a > 0) == (b > 0) else -INF


OPS.update({
    "fadd": lambda a, b: a + b,
    "fsub": lambda a, b: a - b,
    "fmul": lambda a, b: a * b,
    "fdiv": _div,
    "fneg": lambda a: -a,
    "fabs": abs,
    "fsqrt": _sqrt,
    "ffloor": lambda a: _integral(math.floor, a),
    "fceil": lambda a: _integral(math.ceil, a),
    "ftrunc": lambda a: _integral(math.trunc, a),
    "frint": lambda a: _integral(round, a),
    "fmod": _fmod,
    "isnan": math.isnan,
    "isinf": math.isinf,
    "signbit": lambda a: math.copysign(1.0, a) < 0,
    "i2f": _i2f,
    "f2i": _f2i,
    "itruediv": _itruediv,
})


# --- constructors ----------------------------------------------------------------

def _fold(op: str, args: tuple[Term, ...], sort: Sort) -> Term:
    if all(a.op == "const" for a in args):
        return const(OPS[op](*(a.value for a in args)))
    return make(op, args, sort)


def fadd(a: Term, b: Term) -> Term:
    return _fold("fadd", (a, b), FLOAT)


def fsub(a: Term, b: Term) -> Term:
    return _fold("fsub", (a, b), FLOAT)


def fmul(a: Term, b: Term) -> Term:
    return _fold("fmul", (a, b), FLOAT)


def fdiv(a: Term, b: Term) -> Term:
    return _fold("fdiv", (a, b), FLOAT)


def fneg(a: Term) -> Term:
    if a.op == "fneg":
        return a.args[0]
    return _fold("fneg", (a,), FLOAT)


def fabs(a: Term) -> Term:
    if a.op in ("fabs", "fneg"):
        return fabs(a.args[0]) if a.op == "fneg" else a
    return _fold("fabs", (a,), FLOAT)


def unary(op: str, a: Term) -> Term:
    """fsqrt, ffloor, fceil, ftrunc, frint."""
    return _fold(op, (a,), FLOAT)


def fmod(a: Term, b: Term) -> Term:
    return _fold("fmod", (a, b), FLOAT)


def isnan(a: Term) -> Term:
    return _fold("isnan", (a,), BOOL)


def isinf(a: Term) -> Term:
    return _fold("isinf", (a,), BOOL)


def signbit(a: Term) -> Term:
    return _fold("signbit", (a,), BOOL)


def i2f(n: Term) -> Term:
    """float(n), rounded to nearest even (the caller branched on the overflow)."""
    return _fold("i2f", (n,), FLOAT)


def f2i(x: Term) -> Term:
    """The int value of an integral, finite float (the caller rounded and branched)."""
    return _fold("f2i", (x,), INT)


def itruediv(a: Term, b: Term) -> Term:
    """Python's int / int: the exact quotient rounded once (not float(a) / float(b))."""
    return _fold("itruediv", (a, b), FLOAT)


# --- comparisons of a float with an int ------------------------------------------

def _neighbours(c: int) -> tuple[float, float]:
    """The doubles just below and just above the int c, which no double equals."""
    try:
        fc = float(c)
    except OverflowError:
        return (math.nextafter(INF, 0.0), INF) if c > 0 else (-INF, math.nextafter(-INF, 0.0))
    if fc < c:
        return fc, math.nextafter(fc, INF)
    return math.nextafter(fc, -INF), fc


def _exact_float(c: int) -> float | None:
    try:
        fc = float(c)
    except OverflowError:
        return None
    return fc if fc == c else None


def compare(op: str, a: Term, b: Term) -> Term:
    """`a op b` (op: eq, lt, le) for float and int terms, exact as in Python.

    A constant int becomes a float constant with the same comparisons (the int itself
    if representable, else its neighbouring doubles); a symbolic int stays, and the
    backend compares the two exactly."""
    ctor = {"eq": build.eq, "lt": build.lt, "le": build.le}[op]
    if a.sort is b.sort:
        return ctor(a, b)
    if a.op == "const" and b.op == "const":
        return ctor(a, b)
    if b.sort is INT and b.op == "const":
        c = b.value
        fc = _exact_float(c)
        if fc is not None:
            return ctor(a, const(fc))
        lo, hi = _neighbours(c)
        if op == "eq":
            return build.FALSE
        return build.le(a, const(lo))          # a < c  <=>  a <= c  <=>  a <= lo
    if a.sort is INT and a.op == "const":
        c = a.value
        fc = _exact_float(c)
        if fc is not None:
            return ctor(const(fc), b)
        lo, hi = _neighbours(c)
        if op == "eq":
            return build.FALSE
        return build.le(const(hi), b)          # c < b  <=>  c <= b  <=>  hi <= b
    return make(op, (a, b), BOOL)


for _op, _ctor in (("fadd", fadd), ("fsub", fsub), ("fmul", fmul), ("fdiv", fdiv), ("fneg", fneg),
                   ("fabs", fabs), ("fmod", fmod), ("isnan", isnan), ("isinf", isinf),
                   ("signbit", signbit), ("i2f", i2f), ("f2i", f2i), ("itruediv", itruediv)):
    register_op(_op, _ctor)
for _op in ("fsqrt", "ffloor", "fceil", "ftrunc", "frint"):
    register_op(_op, lambda a, _op=_op: unary(_op, a))
