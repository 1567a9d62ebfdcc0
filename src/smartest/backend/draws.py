"""Hypothesis's primitive draws as smartest inputs: one variable per draw, its domain, a value that fits.

Draw i of a test case is the variable `draw<i>:<kind>` (`draw3:int`), so the same
draw has the same variable in every test case that makes it: the execution tree of
one test case lines up with the next one's, as DART's does for a function's
parameters.  The kind is in the name because a draw whose type depends on an earlier
one (`st.one_of(st.integers(), st.text())`) is a different input in each case.

The constraints Hypothesis puts on a draw (bounds, NaN allowed, the alphabet, the
size) become a *domain* term, recorded as an assumption on the path when the draw is
made: every later flip keeps it, so the solver never proposes a value Hypothesis
would reject, and a bound that is itself an earlier draw stays symbolic.

This module knows nothing of Hypothesis: constraints arrive as plain arguments.
"""
from __future__ import annotations

import math
import random
from typing import Sequence

from smartest.terms import Term, build, const, var
from smartest.terms import floats as fterms
from smartest.terms.term import Sort

MAX_INTERVALS = 32        # an alphabet of more code-point ranges is cut to its first ones
_SMALLEST_SUBNORMAL = 5e-324
_FRIENDLY = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "


def variable(index: int, kind: str, sort: Sort) -> Term:
    """The solver variable of draw `index`."""
    return var(f"draw{index}:{kind}", sort)


def _term(x) -> Term:
    """A bound as a term: a proxy's term (a bound drawn earlier), else a constant."""
    t = getattr(x, "term", None)
    return t if isinstance(t, Term) else const(x)


# -- domains ----------------------------------------------------------------------

def integer_domain(v: Term, min_value, max_value) -> Term:
    parts = []
    if min_value is not None:
        parts.append(build.le(_term(min_value), v))
    if max_value is not None:
        parts.append(build.le(v, _term(max_value)))
    return build.and_(*parts) if parts else build.TRUE


def float_domain(v: Term, min_value: float, max_value: float, allow_nan: bool,
                 smallest_nonzero_magnitude: float) -> Term:
    """Hypothesis's rule (choice_permitted): NaN iff allowed; otherwise within the
    bounds, comparing signed zeros by sign, and no smaller than the smallest nonzero
    magnitude unless zero."""
    zero = const(0.0)
    parts = []
    if min_value != -math.inf:
        parts.append(build.le(const(float(min_value)), v))
        if min_value == 0.0 and math.copysign(1.0, min_value) > 0:
            parts.append(build.not_(build.and_(build.eq(v, zero), fterms.signbit(v))))
    if max_value != math.inf:
        parts.append(build.le(v, const(float(max_value))))
        if max_value == 0.0 and math.copysign(1.0, max_value) < 0:
            parts.append(build.not_(build.and_(build.eq(v, zero), build.not_(fterms.signbit(v)))))
    if smallest_nonzero_magnitude > _SMALLEST_SUBNORMAL:
        parts.append(build.or_(build.eq(v, zero),
                               build.le(const(float(smallest_nonzero_magnitude)), fterms.fabs(v))))
    ordered = build.and_(build.not_(fterms.isnan(v)), *parts)
    return build.or_(fterms.isnan(v), ordered) if allow_nan else ordered


def text_domain(v: Term, min_size: int, max_size: int, capacity: int,
                intervals: Sequence[tuple[int, int]] | None) -> tuple[Term, bool]:
    """The domain of a string or bytes draw, and whether it is exact.

    The solver lowers strings to at most `capacity` characters, so a larger
    `max_size` is cut to it; an alphabet (`intervals`, None for bytes) of more
    than MAX_INTERVALS ranges is cut to its first ones.  Either cut leaves values
    the search never tries: the domain is then an under-approximation (exact=False)."""
    exact = max_size <= capacity
    top = min(max_size, capacity)
    n = build.length(v)
    parts = [build.le(const(min_size), n), build.le(n, const(top))]
    if intervals is not None:
        ranges = list(intervals)
        if len(ranges) > MAX_INTERVALS:
            ranges, exact = ranges[:MAX_INTERVALS], False
        if ranges != [(0, 0x10FFFF)]:
            for k in range(top):
                code = build.to_code(build.at(v, const(k)))
                member = build.or_(*(build.and_(build.le(const(lo), code), build.le(code, const(hi)))
                                     for lo, hi in ranges))
                parts.append(build.or_(build.not_(build.lt(const(k), n)), member))
    return build.and_(*parts), exact


# -- values for draws the solver did not choose -------------------------------------

def default_integer(rng: random.Random, min_value: int | None, max_value: int | None) -> int:
    """A small random integer within the bounds (DART starts from random inputs)."""
    lo = -1000 if min_value is None else min_value
    hi = 1000 if max_value is None else max_value
    if min_value is not None and max_value is None:
        hi = lo + 1000
    if max_value is not None and min_value is None:
        lo = hi - 1000
    small_lo, small_hi = max(lo, -10), min(hi, 10)
    if small_lo <= small_hi and rng.random() < 0.5:
        return rng.randint(small_lo, small_hi)
    return rng.randint(lo, hi)


def default_float(rng: random.Random, min_value: float, max_value: float) -> float:
    lo = max(min_value, -1000.0)
    hi = min(max_value, 1000.0)
    if lo > hi:  # both bounds beyond +-1000
        return min_value if math.isfinite(min_value) else max_value
    pick = rng.random()
    value = float(rng.randint(math.ceil(lo), math.floor(hi))) if pick < 0.4 and math.ceil(lo) <= math.floor(hi) \
        else rng.uniform(lo, hi)
    return min(max(value, min_value), max_value)


def default_text(rng: random.Random, min_size: int, max_size: int, capacity: int,
                 intervals: Sequence[tuple[int, int]]) -> str:
    pool = [c for c in _FRIENDLY if any(lo <= ord(c) <= hi for lo, hi in intervals)]
    if not pool:
        pool = [chr(lo + j) for lo, hi in intervals[:4] for j in range(min(hi - lo + 1, 8))
                if not 0xD800 <= lo + j <= 0xDFFF]
    if not pool:
        return ""
    n = rng.randint(min_size, max(min_size, min(max_size, capacity, 6)))
    return "".join(rng.choice(pool) for _ in range(n))


def default_bytes(rng: random.Random, min_size: int, max_size: int, capacity: int) -> bytes:
    n = rng.randint(min_size, max(min_size, min(max_size, capacity, 6)))
    return bytes(rng.randint(32, 126) if rng.random() < 0.7 else rng.randint(0, 255) for _ in range(n))
