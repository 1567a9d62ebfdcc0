"""SymInt: an `int` subclass carrying a term over Python's unbounded integers.

Operators with a model return a new SymInt (or a SymBool for comparisons);
operators without one use the concrete value and record a concretization, which
is DART's fallback and clears the run's `complete` flag.
"""
from __future__ import annotations

import operator
import sys

from smartest.symbolic.bools import SymBool, make_bool
from smartest.terms import Term, bits, build
from smartest.terms.term import Sort
from smartest.trace.recorder import ACTIVE, record_concretization, record_text_in_c
from smartest.symbolic.upward import provide, upper
from smartest.symbolic.attributes import plain_attributes

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
        record_text_in_c("int.__repr__")
        return int.__repr__(self)

    def __str__(self) -> str:
        record_text_in_c("int.__str__")
        return int.__repr__(self)

    def __hash__(self) -> int:
        # A dict or set the program built itself finds a key by its hash and compares
        # only keys of equal hash: the keys it never compares leave no branch.
        record_concretization("symbolic int used as a key of a plain dict or set (lookup by hash)")
        return int.__hash__(self)

    # arithmetic -----------------------------------------------------------
    def __add__(self, other):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__add__")
        return make_int(int.__add__(int(self), _val(other)), build.add(self.term, o))

    def __radd__(self, other):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__radd__")
        return make_int(_val(other) + int(self), build.add(o, self.term))

    def __sub__(self, other):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__sub__")
        return make_int(int(self) - _val(other), build.sub(self.term, o))

    def __rsub__(self, other):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__rsub__")
        return make_int(_val(other) - int(self), build.sub(o, self.term))

    def __mul__(self, other):
        o = int_term(other)
        if o is None:
            _repeated(other)
            return _mixed(self, other, "__mul__")
        return make_int(int(self) * _val(other), build.mul(self.term, o))

    def __rmul__(self, other):
        o = int_term(other)
        if o is None:
            _repeated(other)
            return _mixed(self, other, "__rmul__")
        return make_int(_val(other) * int(self), build.mul(o, self.term))

    def __floordiv__(self, other):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__floordiv__")
        b = _val(other)
        _check_divisor(o, b)
        return make_int(int(self) // b, build.floordiv(self.term, o))

    def __rfloordiv__(self, other):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__rfloordiv__")
        _check_divisor(self.term, int(self))
        return make_int(_val(other) // int(self), build.floordiv(o, self.term))

    def __mod__(self, other):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__mod__")
        b = _val(other)
        _check_divisor(o, b)
        return make_int(int(self) % b, build.mod(self.term, o))

    def __rmod__(self, other):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__rmod__")
        _check_divisor(self.term, int(self))
        return make_int(_val(other) % int(self), build.mod(o, self.term))

    def __divmod__(self, other):
        if int_term(other) is None:
            return _mixed(self, other, "__divmod__")
        return (self // other, self % other)

    def __rdivmod__(self, other):
        if int_term(other) is None:
            return _mixed(self, other, "__rdivmod__")
        return (other // self, other % self)

    def __pow__(self, other, modulo=None):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__pow__") if modulo is None else int.__pow__(int(self), other, modulo)
        if modulo is not None:
            return _modular_power(self.term, int(self), o, _val(other), modulo)
        return _power(self.term, int(self), o, _val(other))

    def __rpow__(self, other, modulo=None):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__rpow__") if modulo is None else int.__rpow__(int(self), other, modulo)
        if modulo is not None:
            return _modular_power(o, _val(other), self.term, int(self), modulo)
        return _power(o, _val(other), self.term, int(self))

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
            return _mixed(self, other, "__eq__")
        return make_bool(int(self) == _val(other), build.eq(self.term, o))

    def __ne__(self, other):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__ne__")
        return make_bool(int(self) != _val(other), build.ne(self.term, o))

    def __lt__(self, other):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__lt__")
        return make_bool(int(self) < _val(other), build.lt(self.term, o))

    def __le__(self, other):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__le__")
        return make_bool(int(self) <= _val(other), build.le(self.term, o))

    def __gt__(self, other):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__gt__")
        return make_bool(int(self) > _val(other), build.lt(o, self.term))

    def __ge__(self, other):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__ge__")
        return make_bool(int(self) >= _val(other), build.le(o, self.term))

    def __bool__(self) -> bool:
        v = int(self) != 0
        rec = ACTIVE.get()
        if rec is not None:
            rec.branch(build.ne(self.term, _ZERO), v, sys._getframe(1))
        return v

    def __truediv__(self, other):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__truediv__")
        return _true_division(self.term, int(self), o, _val(other))

    def __rtruediv__(self, other):
        o = int_term(other)
        if o is None:
            return _mixed(self, other, "__rtruediv__")
        return _true_division(o, _val(other), self.term, int(self))

    # bit operations: exact on Python's infinite two's complement ------------------
    def _bitwise(self, other, concrete, ctor, swap: bool):
        o = int_term(other)
        if o is None:
            return getattr(int, concrete)(int(self), other)  # NotImplemented for non-ints
        a, b = (o, self.term) if swap else (self.term, o)
        return make_int(getattr(int, concrete)(int(self), _val(other)), ctor(a, b))

    def __and__(self, other):
        return self._bitwise(other, "__and__", bits.band, False)

    def __rand__(self, other):
        return self._bitwise(other, "__rand__", bits.band, True)

    def __or__(self, other):
        return self._bitwise(other, "__or__", bits.bor, False)

    def __ror__(self, other):
        return self._bitwise(other, "__ror__", bits.bor, True)

    def __xor__(self, other):
        return self._bitwise(other, "__xor__", bits.bxor, False)

    def __rxor__(self, other):
        return self._bitwise(other, "__rxor__", bits.bxor, True)

    def __invert__(self):
        return make_int(~int(self), bits.invert(self.term))

    def __lshift__(self, other):
        o = int_term(other)
        if o is None:
            return int.__lshift__(int(self), other)
        return _shift(self.term, int(self), o, _val(other), bits.shl, int.__lshift__)

    def __rlshift__(self, other):
        o = int_term(other)
        if o is None:
            return int.__rlshift__(int(self), other)
        return _shift(o, _val(other), self.term, int(self), bits.shl, int.__lshift__)

    def __rshift__(self, other):
        o = int_term(other)
        if o is None:
            return int.__rshift__(int(self), other)
        return _shift(self.term, int(self), o, _val(other), bits.shr, int.__rshift__)

    def __rrshift__(self, other):
        o = int_term(other)
        if o is None:
            return int.__rrshift__(int(self), other)
        return _shift(o, _val(other), self.term, int(self), bits.shr, int.__rshift__)

    # rounding an int is the identity, except to a negative number of digits -------------
    def __trunc__(self):
        return self

    __floor__ = __ceil__ = __trunc__

    def __round__(self, ndigits=None):
        if ndigits is None:
            return self
        k = int_term(ndigits)
        if k is None:
            return int.__round__(int(self), ndigits)  # raises TypeError like CPython
        if k.op != "const":
            record_concretization("round() to a symbolic number of digits")
            return int.__round__(int(self), _val(ndigits))
        if k.value >= 0:
            return self
        return make_int(int.__round__(int(self), k.value), _round_half_even(self.term, 10 ** -k.value))

    # conversions that leave the theory ---------------------------------------
    def __index__(self) -> int:
        record_concretization("int used as an index or size by C code")
        return int(self)

    def __int__(self) -> int:
        return int.__int__(self)

    def __float__(self) -> float:
        record_concretization("int converted to float by C code")
        return int.__float__(self)


def _implicit_branch(term: Term, taken: bool) -> bool:
    rec = ACTIVE.get()
    if rec is not None:
        rec.branch(term, taken, sys._getframe(1))
    return taken


def _power(a: Term, av: int, e: Term, ev: int):
    """a ** e on ints: a negative exponent (a float result) is a branch and leaves
    the theory; otherwise the term keeps a symbolic exponent (the solver bounds it)."""
    if e.op != "const" and not _implicit_branch(build.le(_ZERO, e), ev >= 0) or e.op == "const" and ev < 0:
        record_concretization("int ** negative exponent (a float)")
        return int.__pow__(av, ev)
    if av == 0 and ev < 0:
        return int.__pow__(av, ev)
    return make_int(int.__pow__(av, ev), build.power(a, e))


def _modular_power(a: Term, av: int, e: Term, ev: int, modulo):
    """pow(a, e, m) for e >= 0 is (a ** e) % m; m == 0 raises ValueError and a
    negative e asks for a modular inverse (both branches when symbolic)."""
    m = int_term(modulo)
    if m is None:
        return int.__pow__(av, ev, modulo)  # raises TypeError like CPython
    mv = _val(modulo)
    if m.op != "const":
        _implicit_branch(build.not_(build.eq(m, _ZERO)), mv != 0)
    if e.op != "const":
        _implicit_branch(build.le(_ZERO, e), ev >= 0)
    value = int.__pow__(av, ev, mv)  # raises ValueError like CPython
    if ev < 0:
        record_concretization("pow() with a negative exponent and a modulus (a modular inverse)")
        return value
    return make_int(value, build.mod(build.power(a, e), m))


def _shift(a: Term, av: int, k: Term, kv: int, ctor, concrete):
    """a << k or a >> k: a negative count raises ValueError (a branch when symbolic)."""
    if k.op != "const":
        _implicit_branch(build.le(_ZERO, k), kv >= 0)
    value = concrete(av, kv)  # raises ValueError for a negative count
    return make_int(value, ctor(a, k))


def _true_division(a: Term, av: int, b: Term, bv: int):
    """int / int: the zero divisor is a branch, and so is a quotient past the largest
    double (CPython raises OverflowError; the term would say inf); the quotient is a
    float term."""
    from smartest.terms import floats
    _check_divisor(b, bv) if b.op != "const" else None
    try:
        value = av / bv  # raises ZeroDivisionError / OverflowError like CPython
    except OverflowError:
        _implicit(floats.isinf(floats.itruediv(a, b)), True)
        raise
    term = floats.itruediv(a, b)
    _implicit(floats.isinf(term), False)
    return upper("make_float")(value, term)


def _round_half_even(t: Term, m: int) -> Term:
    """round(n, -k) with m = 10**k: the nearest multiple of m, ties to the even one."""
    q, r = build.floordiv(t, build.const(m)), build.mod(t, build.const(m))
    twice = build.mul(r, build.const(2))
    up = build.or_(build.lt(build.const(m), twice),
                   build.and_(build.eq(twice, build.const(m)), build.eq(build.mod(q, build.const(2)), build.const(1))))
    return build.mul(build.ite(up, build.add(q, build.const(1)), q), build.const(m))


_COMPARE = {"__eq__": ("eq", False, False, operator.eq), "__ne__": ("eq", False, True, operator.ne),
            "__lt__": ("lt", False, False, operator.lt), "__le__": ("le", False, False, operator.le),
            "__gt__": ("lt", True, False, operator.gt), "__ge__": ("le", True, False, operator.ge)}


_SEQUENCES = (str, bytes, bytearray, list, tuple)


def _repeated(other) -> None:
    """`"ab" * n`, `[0] * n` with a plain sequence: int's answer is NotImplemented and C
    repeats the sequence by the count's value, read without a method of the SymInt; a
    proxy sequence's own `__mul__` records (or models) it instead."""
    if isinstance(other, _SEQUENCES) and not type(other).__module__.startswith("smartest"):
        record_concretization("sequence repeated a symbolic number of times", callee=f"{type(other).__name__}.__mul__")


def _mixed(self: "SymInt", other, name: str):
    """An operator whose other operand is not an int.  With a float it keeps the term
    as CPython computes: comparisons are exact, arithmetic converts the int to float
    (OverflowError past the float range is a branch).  Anything else gets int's own
    answer (NotImplemented, then the other operand's method)."""
    if not isinstance(other, float):
        return getattr(int, name)(self, other)
    from smartest.terms import floats
    if name in _COMPARE:
        op, swap, negate, concrete = _COMPARE[name]
        f = float.__float__(other)
        o = other.term if type(other) is upper("SymFloat") else build.const(f)
        term = floats.compare(op, o, self.term) if swap else floats.compare(op, self.term, o)
        return make_bool(concrete(int(self), f), build.not_(term) if negate else term)
    term = upper("int_as_float")(self)
    return getattr(upper("make_float")(float(int(self)), term), name)(other)


def _concretizing(name: str):
    method = getattr(int, name)

    def op(self, *args):
        record_concretization(f"int.{name.strip('_')} has no symbolic model", callee=f"int.{name.strip('_')}")
        return method(int(self), *[int(a) if isinstance(a, SymInt) else a for a in args])

    op.__name__ = name
    return op


def _format(self, spec):
    return upper("format_value")(self, spec)


SymInt.__format__ = _format
for _name in ("bit_length", "bit_count", "to_bytes", "as_integer_ratio", "conjugate"):
    if _name not in SymInt.__dict__ and hasattr(int, _name):
        setattr(SymInt, _name, _concretizing(_name))


def new_int_input(name: str, value: int) -> SymInt:
    """The proxy for an int input named `name` with concrete `value`."""
    from smartest.terms import var
    obj = int.__new__(SymInt, value)
    obj.term = var(name, Sort.INT)
    return obj


provide(make_int=make_int)

plain_attributes(SymInt, int, ("term",))   # see symbolic/attributes.py
