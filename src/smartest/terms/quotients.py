"""Exact integer forms of tests on Python's int / int quotient (`itruediv`).

`n / 3` is the exact rational n/3 rounded once to a double (round-to-nearest-even),
and rounding is monotone, so comparing the rounded quotient with a constant double
`d` is comparing the exact quotient with the point where rounding passes `d`:

    RN(a/b) <= d   iff   a/b < t, or a/b == t when t itself rounds to d,

where t is the midpoint between d and the next double up.  With t = N/D (D > 0)
that is `a*D < N*b` for b > 0 (the inequality flips for b < 0): integer arithmetic,
linear when b is a constant, exact for every int a and b, however large.  Every
other test reduces to that one: `x < d` is `x <= prev(d)`, `x == d` is `x <= d and
not x <= prev(d)`, and `floor(x) <= k` is `x < k + 1` (ceil, trunc and round alike).
The float theory (int-to-double conversion and division bit-blasted) took z3 its
whole step budget to answer `math.floor(n / 3) == 7`; the integer form is instant.

The forms agree with `evaluate`'s semantics of the original term everywhere
(tests/unit/test_quotients.py compares them on random and boundary ints): a zero
divisor gives nan (every comparison false, `f2i` 0), a quotient past the largest
double gives an infinity (`f2i` 0), as `terms.floats` evaluates them.
"""
from __future__ import annotations

import math
from fractions import Fraction

from smartest.terms import approx, build
from smartest.terms.rewrite import any_below, transform
from smartest.terms.term import Sort, Term, const

INF = math.inf
MAX = 1.7976931348623157e308
_HALF_TOP_ULP = Fraction(2) ** 970          # half the spacing of doubles just below 2**1024
_ROUNDINGS = ("ffloor", "fceil", "ftrunc", "frint")
_ZERO = const(0)
_TESTS = ("eq", "lt", "le", "isnan", "isinf", "f2i")


def rounded(q: Fraction) -> float:
    """The double nearest q, ties to even, an infinity past the largest double: what
    CPython's int / int gives (where it does not raise OverflowError)."""
    try:
        return q.numerator / q.denominator
    except OverflowError:
        return INF if q > 0 else -INF


def threshold(d: float) -> tuple[Fraction, bool]:
    """(t, inclusive): RN(q) <= d iff q < t, or q == t when inclusive; d not nan, not +inf."""
    if d == -INF:
        t = -Fraction(MAX) - _HALF_TOP_ULP
    elif d == MAX:
        t = Fraction(MAX) + _HALF_TOP_ULP
    else:
        d = d + 0.0                          # -0.0 compares as 0.0
        t = (Fraction(d) + Fraction(math.nextafter(d, INF))) / 2
    return t, rounded(t) <= d


def _scaled(a: Term, b: Term, t: Fraction, inclusive: bool, negative: bool) -> Term:
    """a/b < t (or <=) for b of one sign: a*D < N*b, flipped when b < 0."""
    left = build.mul(a, const(t.denominator))
    right = build.mul(const(t.numerator), b)
    if negative:
        left, right = right, left
    return build.le(left, right) if inclusive else build.lt(left, right)


def at_most(a: Term, b: Term, d: float) -> Term:
    """RN(a/b) <= d as an integer condition (false for b == 0, where a/b is nan)."""
    if math.isnan(d):
        return build.FALSE
    if d == INF:
        return build.not_(build.eq(b, _ZERO))
    t, inclusive = threshold(d)
    if b.op == "const":
        if b.value == 0:
            return build.FALSE
        return _scaled(a, b, t, inclusive, b.value < 0)
    return build.or_(build.and_(build.lt(_ZERO, b), _scaled(a, b, t, inclusive, False)),
                     build.and_(build.lt(b, _ZERO), _scaled(a, b, t, inclusive, True)))


def _below(d: float) -> float:
    return math.nextafter(d + 0.0, -INF)


def _nonzero(b: Term) -> Term:
    return build.not_(build.eq(b, _ZERO))


def compare_constant(op: str, a: Term, b: Term, d: float, quotient_left: bool) -> Term:
    """`RN(a/b) op d` (or `d op RN(a/b)`), op in eq, lt, le, IEEE: nan compares false."""
    if math.isnan(d):
        return build.FALSE
    if op == "eq":
        if d == -INF:
            return at_most(a, b, d)
        return build.and_(at_most(a, b, d), build.not_(at_most(a, b, _below(d))))
    if quotient_left:     # x < d iff x <= prev(d);  x <= d
        if op == "lt":
            return build.FALSE if d == -INF else at_most(a, b, _below(d))
        return at_most(a, b, d)
    # d < x iff x not nan and not x <= d;  d <= x iff not x <= prev(d)
    bound = d if op == "lt" else (None if d == -INF else _below(d))
    if bound is None:
        return _nonzero(b)
    return build.and_(_nonzero(b), build.not_(at_most(a, b, bound)))


def _largest_below(k: Fraction | int, inclusive: bool) -> float:
    """The largest double < k (<= k when inclusive), -inf if none."""
    d = rounded(Fraction(k))
    while d > k or (d == k and not inclusive):
        d = math.nextafter(d, -INF)
    return d


def rounding_at_most(op: str, k: int) -> float:
    """The double d with R(x) <= k iff x <= d, for finite x and R = op."""
    if op == "ffloor":                        # floor(x) <= k iff x < k + 1
        return _largest_below(k + 1, False)
    if op == "fceil":                         # ceil(x) <= k iff x <= k
        return _largest_below(k, True)
    if op == "ftrunc":                        # toward zero: floor for x >= 0, ceil below
        return _largest_below(k + 1, False) if k >= 0 else _largest_below(k, True)
    # round half to even: x < k + 1/2, or x == k + 1/2 when k is even
    return _largest_below(Fraction(2 * k + 1, 2), k % 2 == 0)


def compare_rounded(op: str, rounding: str, a: Term, b: Term, k: int, rounded_left: bool) -> Term:
    """`f2i(R(RN(a/b))) op k` (or `k op ...`) on ints, exactly as `evaluate` computes
    it: f2i of nan or an infinity is 0."""
    def le(j: int) -> Term:                   # R(x) <= j
        return at_most(a, b, rounding_at_most(rounding, j))

    if op == "eq":
        exact = build.and_(le(k), build.not_(le(k - 1)))
    elif rounded_left:
        exact = le(k - 1) if op == "lt" else le(k)
    else:
        exact = build.not_(le(k)) if op == "lt" else build.not_(le(k - 1))
    finite = build.and_(at_most(a, b, MAX), build.not_(at_most(a, b, -INF)))
    zero_holds = {"eq": 0 == k, "lt": (0 < k) if rounded_left else (k < 0),
                  "le": (0 <= k) if rounded_left else (k <= 0)}[op]
    if zero_holds:
        return build.or_(build.not_(finite), exact)
    return build.and_(finite, exact)


def _quotient(t: Term) -> tuple[Term, Term] | None:
    return (t.args[0], t.args[1]) if t.op == "itruediv" else None


def _rounded_quotient(t: Term) -> tuple[str, Term, Term] | None:
    if t.op == "f2i" and t.args[0].op in _ROUNDINGS and t.args[0].args[0].op == "itruediv":
        r = t.args[0]
        return (r.op, *r.args[0].args)
    return None


EXACT_RANGE = {"ffloor": 1 << 53, "fceil": 1 << 53, "ftrunc": 1 << 53, "frint": 1 << 51}


def _within(x: Term, limit: int) -> Term:
    return build.and_(build.le(const(-limit), x), build.le(x, const(limit)))


def integer_rounding(rounding: str, a: Term, b: Term) -> Term:
    """R(a / b) on the exact quotient, in integer division (b != 0)."""
    floor = build.floordiv(a, b)
    ceil = build.neg(build.floordiv(build.neg(a), b))
    if rounding == "ffloor":
        return floor
    if rounding == "fceil":
        return ceil
    if rounding == "ftrunc":
        nonnegative = build.or_(build.eq(a, _ZERO), build.eq(build.lt(_ZERO, a), build.lt(_ZERO, b)))
        return build.ite(nonnegative, floor, ceil)
    twice = build.mul(build.sub(a, build.mul(floor, b)), const(2))     # 2 (a mod b), b's sign
    above = build.or_(build.and_(build.lt(_ZERO, b), build.lt(b, twice)), build.and_(build.lt(b, _ZERO), build.lt(twice, b)))
    tie = build.and_(build.eq(twice, b), build.eq(build.mod(floor, const(2)), const(1)))
    return build.ite(build.or_(above, tie), build.add(floor, const(1)), floor)


def rounded_in_range(t: Term) -> Term | None:
    """f2i(R(a / b)) as an integer division where both ints are small enough that the
    rounding to a double cannot change R's answer (|a|, |b| <= 2**53; 2**51 for round,
    whose ties the rounding could otherwise create); beyond, an uninterpreted function
    of a and b (`terms/approx`: sat there is a candidate the layer checks, unsat a proof)."""
    triple = _rounded_quotient(t)
    if triple is None:
        return None
    rounding, a, b = triple
    limit = EXACT_RANGE[rounding]
    small = build.and_(_within(a, limit), _within(b, limit), _nonzero(b))
    return build.ite(approx.guard(small), integer_rounding(rounding, a, b), approx.approx(f"int_{rounding}_quotient", (a, b), Sort.INT))


def _lower_node(t: Term) -> Term | None:
    """The integer form of one test on a quotient, or None if t is not one."""
    if t.op == "f2i":
        return rounded_in_range(t)
    if t.op in ("isnan", "isinf") and t.args[0].op == "itruediv":
        a, b = t.args[0].args
        if t.op == "isnan":
            return build.eq(b, _ZERO)
        return build.and_(_nonzero(b), build.or_(build.not_(at_most(a, b, MAX)), at_most(a, b, -INF)))
    if t.op not in ("eq", "lt", "le"):
        return None
    x, y = t.args
    for left, q, c in ((True, x, y), (False, y, x)):
        if c.op != "const":
            continue
        pair = _quotient(q)
        if pair is not None and c.sort is Sort.FLOAT:
            return compare_constant(t.op, *pair, c.value, left)
        triple = _rounded_quotient(q)
        if triple is not None and c.sort is Sort.INT:
            return compare_rounded(t.op, triple[0], triple[1], triple[2], c.value, left)
    return None


def lower(t: Term, cache: dict, memo: dict) -> Term:
    """t with every test on a quotient against a constant in its integer form
    (`cache`: the rewritten terms, `memo`: which terms mention a quotient)."""
    def leaf(u: Term) -> Term | None:
        if not any_below(u, memo, _is_quotient):
            return u
        return _lower_node(u) if u.op in _TESTS else None
    return transform(t, leaf, cache)


def _is_quotient(t: Term) -> bool:
    return t.op == "itruediv"
