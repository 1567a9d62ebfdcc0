"""SymInt: an `int` subclass carrying a term over Python's unbounded integers.

Operators with a model return a new SymInt (or a SymBool for comparisons);
operators without one use the concrete value and record a concretization, which
is DART's fallback and clears the run's `complete` flag.
"""
from __future__ import annotations

import sys

from smartest.symbolic.bools import SymBool, make_bool
from smartest.terms import Term, build
from smartest.terms.term import Sort
from smartest.trace.recorder import ACTIVE, record_concretization

_ZERO = build.const(0)


def int_term(x) -> Term | None:
    """The term of an int-like operand: a SymInt's term, a constant, or None."""
    t = type(x)
    if t is SymInt:
        return x.term
    if t is int or t is bool:
        return build.const(int(x))
    if t is SymBool:
        return build.ite(x.term, build.const(1), _ZERO)
    if isinstance(x, SymInt):
        return x.term
    return None


def _val(x) -> int:
    return int(x.value) if type(x) is SymBool else int.__int__(x)


def make_int(value: int, term: Term):
    """A SymInt, or the plain int when the term has folded to a constant."""
    if term.op == "const":
        return int(term.value)
    obj = int.__new__(SymInt, value)
    obj.term = term
    return obj


def _implicit(term: Term, taken: bool) -> None:
    rec = ACTIVE.get()
    if rec is not None:
        rec.branch(term, taken, sys._getframe(2))


def _check_divisor(b_term: Term, b_value: int) -> None:
    """Dividing by a symbolic value is a branch: b != 0, or ZeroDivisionError."""
    if b_term.op != "const":
        _implicit(build.not_(build.eq(b_term, _ZERO)), b_value != 0)


class SymInt(int):
    """A concrete int and the term it stands for."""

    term: Term

    def __repr__(self) -> str:
        return int.__repr__(self)

    __str__ = __repr__

    def __hash__(self) -> int:
        # A dict or set the program built itself finds a key by its hash and compares
        # only keys of equal hash: the keys it never compares leave no branch.
        record_concretization("symbolic int used as a key of a plain dict or set (lookup by hash)")
        return int.__hash__(self)

    # arithmetic -----------------------------------------------------------
    def __add__(self, other):
        o = int_term(other)
        if o is None:
            return int.__add__(self, other)
        return make_int(int.__add__(int(self), _val(other)), build.add(self.term, o))

    def __radd__(self, other):
        o = int_term(other)
        if o is None:
            return int.__radd__(self, other)
        return make_int(_val(other) + int(self), build.add(o, self.term))

    def __sub__(self, other):
        o = int_term(other)
        if o is None:
            return int.__sub__(self, other)
        return make_int(int(self) - _val(other), build.sub(self.term, o))

    def __rsub__(self, other):
        o = int_term(other)
        if o is None:
            return int.__rsub__(self, other)
        return make_int(_val(other) - int(self), build.sub(o, self.term))

    def __mul__(self, other):
        o = int_term(other)
        if o is None:
            return int.__mul__(self, other)
        return make_int(int(self) * _val(other), build.mul(self.term, o))

    def __rmul__(self, other):
        o = int_term(other)
        if o is None:
            return int.__rmul__(self, other)
        return make_int(_val(other) * int(self), build.mul(o, self.term))

    def __floordiv__(self, other):
        o = int_term(other)
        if o is None:
            return int.__floordiv__(self, other)
        b = _val(other)
        _check_divisor(o, b)
        return make_int(int(self) // b, build.floordiv(self.term, o))

    def __rfloordiv__(self, other):
        o = int_term(other)
        if o is None:
            return int.__rfloordiv__(self, other)
        _check_divisor(self.term, int(self))
        return make_int(_val(other) // int(self), build.floordiv(o, self.term))

    def __mod__(self, other):
        o = int_term(other)
        if o is None:
            return int.__mod__(self, other)
        b = _val(other)
        _check_divisor(o, b)
        return make_int(int(self) % b, build.mod(self.term, o))

    def __rmod__(self, other):
        o = int_term(other)
        if o is None:
            return int.__rmod__(self, other)
        _check_divisor(self.term, int(self))
        return make_int(_val(other) % int(self), build.mod(o, self.term))

    def __divmod__(self, other):
        return (self // other, self % other)

    def __rdivmod__(self, other):
        return (other // self, other % self)

    def __pow__(self, other, modulo=None):
        o = int_term(other)
        if o is None or modulo is not None:
            record_concretization("pow() with a modulus or a non-int exponent")
            return int.__pow__(int(self), other, modulo)
        e = _val(other)
        if e < 0:
            return int.__pow__(int(self), e)  # a float: outside the integer theory
        if o.op != "const":
            # Exponent fixed at its concrete value: the path constraint no longer
            # says what other exponents would do (DART's fallback).
            record_concretization("symbolic exponent fixed at its concrete value")
            o = build.const(e)
        return make_int(int(self) ** e, build.power(self.term, o))

    def __rpow__(self, other, modulo=None):
        o = int_term(other)
        if o is None or modulo is not None:
            return int.__rpow__(int(self), other, modulo)
        e = int(self)
        if e < 0:
            return int.__pow__(_val(other), e)
        record_concretization("symbolic exponent fixed at its concrete value")
        return make_int(_val(other) ** e, build.power(o, build.const(e)))

    def __neg__(self):
        return make_int(-int(self), build.neg(self.term))

    def __pos__(self):
        return self

    def __abs__(self):
        v = int(self)
        return make_int(abs(v), build.ite(build.lt(self.term, _ZERO), build.neg(self.term), self.term))

    # comparisons ------------------------------------------------------------
    def __eq__(self, other):
        o = int_term(other)
        if o is None:
            return int.__eq__(self, other)
        return make_bool(int(self) == _val(other), build.eq(self.term, o))

    def __ne__(self, other):
        o = int_term(other)
        if o is None:
            return int.__ne__(self, other)
        return make_bool(int(self) != _val(other), build.ne(self.term, o))

    def __lt__(self, other):
        o = int_term(other)
        if o is None:
            return int.__lt__(self, other)
        return make_bool(int(self) < _val(other), build.lt(self.term, o))

    def __le__(self, other):
        o = int_term(other)
        if o is None:
            return int.__le__(self, other)
        return make_bool(int(self) <= _val(other), build.le(self.term, o))

    def __gt__(self, other):
        o = int_term(other)
        if o is None:
            return int.__gt__(self, other)
        return make_bool(int(self) > _val(other), build.lt(o, self.term))

    def __ge__(self, other):
        o = int_term(other)
        if o is None:
            return int.__ge__(self, other)
        return make_bool(int(self) >= _val(other), build.le(o, self.term))

    def __bool__(self) -> bool:
        v = int(self) != 0
        rec = ACTIVE.get()
        if rec is not None:
            rec.branch(build.ne(self.term, _ZERO), v, sys._getframe(1))
        return v

    # conversions that leave the theory ---------------------------------------
    def __index__(self) -> int:
        record_concretization("int used as an index or size by C code")
        return int(self)

    def __int__(self) -> int:
        return int.__int__(self)

    def __float__(self) -> float:
        record_concretization("int converted to float")
        return int.__float__(self)

    def __truediv__(self, other):
        record_concretization("true division (float result)")
        return int.__truediv__(int(self), other if type(other) is not SymInt else int(other))

    def __rtruediv__(self, other):
        record_concretization("true division (float result)")
        return int.__rtruediv__(int(self), other)


def _concretizing(name: str):
    method = getattr(int, name)

    def op(self, *args):
        record_concretization(f"int.{name.strip('_')} has no symbolic model")
        return method(int(self), *[int(a) if isinstance(a, SymInt) else a for a in args])

    op.__name__ = name
    return op


for _name in ("__and__", "__rand__", "__or__", "__ror__", "__xor__", "__rxor__",
              "__lshift__", "__rlshift__", "__rshift__", "__rrshift__", "__invert__",
              "__round__", "__trunc__", "__floor__", "__ceil__", "bit_length", "bit_count",
              "to_bytes", "__format__"):
    if _name not in SymInt.__dict__ and hasattr(int, _name):
        setattr(SymInt, _name, _concretizing(_name))


def new_int_input(name: str, value: int) -> SymInt:
    """The proxy for an int input named `name` with concrete `value`."""
    from smartest.terms import var
    obj = int.__new__(SymInt, value)
    obj.term = var(name, Sort.INT)
    return obj
