"""SymFloat: a `float` subclass carrying an IEEE double term.

Arithmetic, comparisons and conversions keep the term with CPython's semantics:
round-to-nearest-even, nan compares false, -0.0 equals 0.0, an int compared with a
float compares exactly, `x / 0.0` raises (the zero divisor is a recorded branch, so
the ZeroDivisionError path is explored), `int(nan)` raises ValueError and
`int(inf)` OverflowError (branches too).  What has no exact model (`**`, text forms,
`round(x, n)`) uses the concrete value and records a concretization.
"""
from __future__ import annotations

import math
import sys

from smartest.symbolic.bools import SymBool, make_bool
from smartest.symbolic.ints import SymInt, make_int
from smartest.terms import Term, build, floats as F
from smartest.terms.term import Sort, var
from smartest.trace.recorder import ACTIVE, record_concretization, record_text_in_c
from smartest.symbolic.upward import provide
from smartest.symbolic.attributes import plain_attributes

_ZERO = build.const(0.0)
# The largest magnitude an int may have and still convert to a finite float.
INT_TO_FLOAT_MAX = (1 << 1024) - (1 << 970) - 1


def _branch(term: Term, taken: bool) -> bool:
    rec = ACTIVE.get()
    if rec is not None:
        rec.branch(term, taken, sys._getframe(1))
    return taken


def int_as_float(x) -> Term:
    """The float term of an int operand converted as CPython converts it; a symbolic
    int records the overflow check (|n| too large raises OverflowError)."""
    t = type(x)
    if t is SymInt:
        n = int.__int__(x)
        limit = build.const(INT_TO_FLOAT_MAX)
        _branch(build.and_(build.le(build.neg(limit), x.term), build.le(x.term, limit)),
                -INT_TO_FLOAT_MAX <= n <= INT_TO_FLOAT_MAX)
        return F.i2f(x.term)
    if t is SymBool:
        return build.ite(x.term, build.const(1.0), _ZERO)
    return build.const(float(x))


def float_term(x) -> Term | None:
    """The term of a float operand (ints are converted), or None for other types."""
    t = type(x)
    if t is SymFloat:
        return x.term
    if t is float:
        return build.const(x)
    if t is int or t is bool or t is SymInt or t is SymBool:
        return int_as_float(x)
    if isinstance(x, float):
        return build.const(float.__float__(x))
    if isinstance(x, int):
        return int_as_float(x)
    return None


def _plain(x):
    t = type(x)
    if t is SymFloat:
        return float.__float__(x)
    if t is SymInt:
        return int.__int__(x)
    if t is SymBool:
        return x.value
    return x


def make_float(value: float, term: Term):
    """A SymFloat, or the plain float when the term has folded to a constant."""
    if term.op == "const":
        return float(term.value)
    obj = float.__new__(SymFloat, value)
    obj.term = term
    return obj


def _cmp_term(x) -> Term | None:
    """The term of a comparison operand: floats as floats, ints as ints (exact)."""
    t = type(x)
    if t is SymFloat or t is SymInt:
        return x.term
    if t is float or t is int:
        return build.const(x)
    if t is bool:
        return build.const(int(x))
    if t is SymBool:
        return build.ite(x.term, build.const(1), build.const(0))
    return None


def _nonzero_divisor(o: Term, value: float) -> None:
    if o.op != "const":
        _branch(build.not_(build.eq(o, build.const(0.0) if o.sort is Sort.FLOAT else build.const(0))), value != 0)


def python_mod(x: Term, y: Term) -> Term:
    """Python's float x % y (sign of y) from C fmod, as CPython computes it."""
    m = F.fmod(x, y)
    differ = build.not_(build.eq(build.lt(y, _ZERO), build.lt(m, _ZERO)))   # nan < 0 is false
    nonzero = build.not_(build.eq(m, _ZERO))
    signed_zero = build.ite(F.signbit(y), build.const(-0.0), _ZERO)
    return build.ite(nonzero, build.ite(differ, F.fadd(m, y), m), signed_zero)


def python_floordiv(x: Term, y: Term) -> Term:
    """Python's float x // y, step by step as CPython's float_floor_div."""
    m = F.fmod(x, y)
    div = F.fdiv(F.fsub(x, m), y)
    nonzero = build.not_(build.eq(m, _ZERO))
    differ = build.not_(build.eq(build.lt(y, _ZERO), build.lt(m, _ZERO)))
    div = build.ite(build.and_(nonzero, differ), F.fsub(div, build.const(1.0)), div)
    floor = F.unary("ffloor", div)
    floor = build.ite(build.lt(build.const(0.5), F.fsub(div, floor)), F.fadd(floor, build.const(1.0)), floor)
    zero = build.ite(F.signbit(F.fdiv(x, y)), build.const(-0.0), _ZERO)
    return build.ite(build.eq(div, _ZERO), zero, floor)


class SymFloat(float):
    """A concrete float and the term it stands for."""

    term: Term

    def __repr__(self) -> str:
        record_text_in_c("float.__repr__")
        return float.__repr__(self)

    def __str__(self) -> str:
        record_text_in_c("float.__str__")
        return float.__repr__(self)

    def __hash__(self) -> int:
        record_concretization("symbolic float used as a key of a plain dict or set (lookup by hash)")
        return float.__hash__(self)

    # arithmetic -----------------------------------------------------------------
    def _binary(self, other, concrete, build_term, swap: bool):
        o = float_term(other)
        if o is None:
            return NotImplemented
        a, b = (_plain(other), float.__float__(self)) if swap else (float.__float__(self), _plain(other))
        value = concrete(a, b)   # raises as CPython does (OverflowError for a huge int)
        return make_float(value, build_term(o, self.term) if swap else build_term(self.term, o))

    def __add__(self, other):
        return self._binary(other, lambda a, b: a + b, F.fadd, False)

    def __radd__(self, other):
        return self._binary(other, lambda a, b: a + b, F.fadd, True)

    def __sub__(self, other):
        return self._binary(other, lambda a, b: a - b, F.fsub, False)

    def __rsub__(self, other):
        return self._binary(other, lambda a, b: a - b, F.fsub, True)

    def __mul__(self, other):
        return self._binary(other, lambda a, b: a * b, F.fmul, False)

    def __rmul__(self, other):
        return self._binary(other, lambda a, b: a * b, F.fmul, True)

    def _division(self, other, concrete, build_term, swap: bool):
        o = float_term(other)
        if o is None:
            return NotImplemented
        if swap:
            _nonzero_divisor(self.term, float.__float__(self))
            return make_float(concrete(float(_plain(other)), float.__float__(self)), build_term(o, self.term))
        _nonzero_divisor(o, _plain(other))
        return make_float(concrete(float.__float__(self), float(_plain(other))), build_term(self.term, o))

    def __truediv__(self, other):
        return self._division(other, lambda a, b: a / b, F.fdiv, False)

    def __rtruediv__(self, other):
        return self._division(other, lambda a, b: a / b, F.fdiv, True)

    def __floordiv__(self, other):
        return self._division(other, lambda a, b: a // b, python_floordiv, False)

    def __rfloordiv__(self, other):
        return self._division(other, lambda a, b: a // b, python_floordiv, True)

    def __mod__(self, other):
        return self._division(other, lambda a, b: a % b, python_mod, False)

    def __rmod__(self, other):
        return self._division(other, lambda a, b: a % b, python_mod, True)

    def __divmod__(self, other):
        if float_term(other) is None:
            return NotImplemented
        return self // other, self % other

    def __rdivmod__(self, other):
        if float_term(other) is None:
            return NotImplemented
        return other // self, other % self

    def __pow__(self, other, modulo=None):
        record_concretization("float ** has no exact model (C pow)")
        return float.__pow__(float.__float__(self), _plain(other), modulo)

    def __rpow__(self, other, modulo=None):
        record_concretization("float ** has no exact model (C pow)")
        return float.__rpow__(float.__float__(self), _plain(other), modulo)

    def __neg__(self):
        return make_float(-float.__float__(self), F.fneg(self.term))

    def __pos__(self):
        return self

    def __abs__(self):
        return make_float(abs(float.__float__(self)), F.fabs(self.term))

    # comparisons (exact against ints, IEEE against floats) --------------------------
    def _compare(self, other, op: str, swap: bool, concrete):
        o = _cmp_term(other)
        if o is None:
            return NotImplemented
        a, b = (o, self.term) if swap else (self.term, o)
        return make_bool(concrete(float.__float__(self), _plain(other)), F.compare(op, a, b))

    def __eq__(self, other):
        return self._compare(other, "eq", False, lambda a, b: a == b)

    def __ne__(self, other):
        o = _cmp_term(other)
        if o is None:
            return NotImplemented
        return make_bool(float.__float__(self) != _plain(other), build.not_(F.compare("eq", self.term, o)))

    def __lt__(self, other):
        return self._compare(other, "lt", False, lambda a, b: a < b)

    def __le__(self, other):
        return self._compare(other, "le", False, lambda a, b: a <= b)

    def __gt__(self, other):
        return self._compare(other, "lt", True, lambda a, b: a > b)

    def __ge__(self, other):
        return self._compare(other, "le", True, lambda a, b: a >= b)

    def __bool__(self) -> bool:
        v = float.__float__(self) != 0.0
        return _branch(build.not_(build.eq(self.term, _ZERO)), v)

    # conversions ----------------------------------------------------------------
    def _integral(self, op: str, rounding):
        """math.floor/ceil/trunc and round(x): ValueError for nan and OverflowError for
        inf are branches; the result is the int of the rounded float."""
        v = float.__float__(self)
        if _branch(F.isnan(self.term), v != v) or _branch(F.isinf(self.term), v in (math.inf, -math.inf)):
            return rounding(v)  # raises like CPython
        return make_int(rounding(v), F.f2i(F.unary(op, self.term)))

    def __floor__(self):
        return self._integral("ffloor", math.floor)

    def __ceil__(self):
        return self._integral("fceil", math.ceil)

    def __trunc__(self):
        return self._integral("ftrunc", math.trunc)

    def __round__(self, ndigits=None):
        if ndigits is None:
            return self._integral("frint", round)
        record_concretization("round() of a float to a number of digits")
        return round(float.__float__(self), _plain(ndigits))

    def is_integer(self):
        v = float.__float__(self)
        finite = build.not_(build.or_(F.isnan(self.term), F.isinf(self.term)))
        return make_bool(v.is_integer(), build.and_(finite, build.eq(F.unary("ftrunc", self.term), self.term)))

    def __int__(self) -> int:
        record_concretization("float converted to int by C code")
        return float.__int__(self)

    def __float__(self) -> float:
        record_concretization("float read by C code")
        return float.__float__(self)

    def __format__(self, spec: str) -> str:
        record_concretization("float formatted as text")
        return float.__format__(float.__float__(self), spec)


def _concretizing(name: str):
    method = getattr(float, name)

    def op(self, *args):
        record_concretization(f"float.{name.strip('_')} has no symbolic model")
        return method(float.__float__(self), *[_plain(a) for a in args])

    op.__name__ = name
    return op


for _name in ("hex", "as_integer_ratio", "conjugate"):
    setattr(SymFloat, _name, _concretizing(_name))


def new_float_input(name: str, value: float) -> SymFloat:
    """The proxy for a float input named `name` with concrete `value`."""
    obj = float.__new__(SymFloat, value)
    obj.term = var(name, Sort.FLOAT)
    return obj


provide(make_float=make_float, SymFloat=SymFloat, int_as_float=int_as_float)

plain_attributes(SymFloat, float, ("term",))   # see symbolic/attributes.py
