"""SymBool: the result of comparing symbolic values; asking its truth is a branch."""
from __future__ import annotations

import sys

from smartest.terms import Term, build
from smartest.trace.recorder import ACTIVE, record_text_in_c
from smartest.symbolic.upward import upper


class SymBool:
    """A concrete bool and the condition it stands for.

    `bool(x)` (an `if`, a `while`, an operand of `and`/`or`, `not`) records the
    branch at the caller's site and answers the concrete value.
    """

    __slots__ = ("value", "term")

    def __init__(self, value: bool, term: Term) -> None:
        self.value = value
        self.term = term

    def __bool__(self) -> bool:
        rec = ACTIVE.get()
        if rec is not None:
            rec.branch(self.term, self.value, sys._getframe(1))
        return self.value

    def __repr__(self) -> str:
        record_text_in_c("bool.__repr__")
        return repr(self.value)

    def __str__(self) -> str:
        record_text_in_c("bool.__str__")
        return repr(self.value)

    def __hash__(self) -> int:
        return hash(self.value)

    def __eq__(self, other):
        o = bool_term(other)
        if o is None:
            return NotImplemented
        return make_bool(self.value == _concrete(other), build.eq(self.term, o))

    def __ne__(self, other):
        o = bool_term(other)
        if o is None:
            return NotImplemented
        return make_bool(self.value != _concrete(other), build.not_(build.eq(self.term, o)))

    def __invert__(self):  # ~b on a bool is an int in Python: ~True == -2
        return ~int(self.value)

    def __and__(self, other):
        o = bool_term(other)
        if o is None:
            return NotImplemented
        return make_bool(self.value and _concrete(other), build.and_(self.term, o))

    __rand__ = __and__

    def __or__(self, other):
        o = bool_term(other)
        if o is None:
            return NotImplemented
        return make_bool(self.value or _concrete(other), build.or_(self.term, o))

    __ror__ = __or__

    def as_int(self):
        """Python's bools are ints: True + 1 == 2.  ite(b, 1, 0) keeps that symbolic."""
        return upper("make_int")(int(self.value), build.ite(self.term, build.const(1), build.const(0)))

    def __add__(self, other):
        return self.as_int() + other

    def __radd__(self, other):
        return other + self.as_int()

    def __sub__(self, other):
        return self.as_int() - other

    def __rsub__(self, other):
        return other - self.as_int()

    def __mul__(self, other):
        return self.as_int() * other

    def __rmul__(self, other):
        return other * self.as_int()

    def __int__(self) -> int:
        return int(self.value)

    def __index__(self) -> int:
        return int(self.value)


def _concrete(x) -> bool:
    return x.value if isinstance(x, SymBool) else bool(x)


def bool_term(x) -> Term | None:
    if isinstance(x, SymBool):
        return x.term
    if x is True or x is False:
        return build.const(x)
    return None


def make_bool(value: bool, term: Term):
    """A SymBool, or the plain bool when the term has folded to a constant."""
    if term.op == "const":
        return bool(term.value)
    return SymBool(bool(value), term)
