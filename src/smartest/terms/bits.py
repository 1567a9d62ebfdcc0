"""Integer bit operations on Python's unbounded integers: `& | ^ << >> ~`.

Python's bitwise operators act on an infinite two's complement, so they are exact on
every integer.  What can be exact in linear integer arithmetic is written so here:
`~x` is `-x - 1`, shifts by a constant are a product or a floor division by a power
of two.  `band`/`bor`/`bxor` stay operators: with a constant operand the solver
backend writes them as sums of floor divisions and remainders by powers of two
(exact, unbounded); with two symbolic operands it solves with bit-vectors of a width
chosen per query, never trusting a wrap-around (see `solver/z3backend.py`).
Shifts by a symbolic amount are `shl`/`shr` (the amount is >= 0: the proxy branched
on it, as CPython raises ValueError for a negative count).
"""
from __future__ import annotations

from smartest.terms import build
from smartest.terms.evaluate import OPS, TooLarge
from smartest.terms.rewrite import register_op
from smartest.terms.term import Sort, Term, const, make

INT = Sort.INT


def _fold(op: str, a: Term, b: Term) -> Term:
    if a.op == "const" and b.op == "const":
        return const(OPS[op](a.value, b.value))
    return make(op, (a, b), INT)


def _shift_count(k: int, a: int = 0) -> int:
    if k < 0:
        return 0  # a negative count raised before any term was built
    if k > 1 << 24 and a not in (0, -1):
        raise TooLarge(f"shift by {k}")
    return k


def band(a: Term, b: Term) -> Term:
    if a.op == "const" and b.op != "const":
        a, b = b, a  # constant second, so `x & 1` and `1 & x` are one term
    if a is b:
        return a
    if b.op == "const":
        if b.value == 0:
            return b
        if b.value == -1:
            return a
    return _fold("band", a, b)


def bor(a: Term, b: Term) -> Term:
    if a.op == "const" and b.op != "const":
        a, b = b, a
    if a is b:
        return a
    if b.op == "const":
        if b.value == 0:
            return a
        if b.value == -1:
            return b
    return _fold("bor", a, b)


def bxor(a: Term, b: Term) -> Term:
    if a.op == "const" and b.op != "const":
        a, b = b, a
    if a is b:
        return const(0)
    if b.op == "const":
        if b.value == 0:
            return a
        if b.value == -1:
            return invert(a)
    return _fold("bxor", a, b)


def invert(a: Term) -> Term:
    """~a == -a - 1 on every Python int."""
    return build.sub(build.neg(a), const(1))


def shl(a: Term, k: Term) -> Term:
    """a << k for k >= 0."""
    if k.op == "const":
        return build.mul(a, const(1 << k.value))
    return _fold("shl", a, k)


def shr(a: Term, k: Term) -> Term:
    """a >> k for k >= 0: floor division by 2**k."""
    if k.op == "const":
        return build.floordiv(a, const(1 << k.value)) if k.value else a
    return _fold("shr", a, k)


OPS.update({
    "band": lambda a, b: a & b,
    "bor": lambda a, b: a | b,
    "bxor": lambda a, b: a ^ b,
    "shl": lambda a, k: a << _shift_count(k, a),
    "shr": lambda a, k: a >> _shift_count(k),
})
for _op, _ctor in (("band", band), ("bor", bor), ("bxor", bxor), ("shl", shl), ("shr", shr)):
    register_op(_op, _ctor)
