"""Integer and float models against CPython on generated inputs: same results (floats
bit for bit), same exceptions, terms that evaluate to the results, branches that held."""
from __future__ import annotations

import math

from hypothesis import given, settings, strategies as st

from smartest.models import numbers as N
from smartest.models.registry import REGISTRY
from smartest.symbolic.floats import new_float_input
from smartest.symbolic.ints import new_int_input
from smartest.terms import Sort, var
from support.model_check import check

X, Y = var("x", Sort.INT), var("y", Sort.INT)
F, G = var("f", Sort.FLOAT), var("g", Sort.FLOAT)

INT_CASES = [
    lambda a, b: a & b, lambda a, b: a | b, lambda a, b: a ^ b, lambda a, b: ~a, lambda a, b: a & 0xFF,
    lambda a, b: -7 & a, lambda a, b: a | -256, lambda a, b: a ^ 0x5A5A, lambda a, b: a << (b % 70),
    lambda a, b: a >> (b % 70), lambda a, b: 3 << (b % 9), lambda a, b: a << b, lambda a, b: a >> b,
    lambda a, b: a ** (b % 6), lambda a, b: 2 ** (b % 80), lambda a, b: (-1) ** b if b >= 0 else 0,
    lambda a, b: pow(a, b % 5, 7), lambda a, b: pow(a, 3, b), lambda a, b: round(a, -2), lambda a, b: round(a, -1),
    lambda a, b: divmod(a, b), lambda a, b: a / b, lambda a, b: abs(a) % (b or 1), lambda a, b: a // -3,
    lambda a, b: math.floor(a), lambda a, b: math.trunc(b), lambda a, b: a.__round__(),
]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.one_of(st.integers(-300, 300), st.integers(-2**80, 2**80)), st.integers(-12, 80),
       st.integers(0, len(INT_CASES) - 1))
def test_int_models_match_cpython(a, b, case):
    fn = INT_CASES[case]
    check(fn, (a, b), (new_int_input("x", a), new_int_input("y", b)), {X: a, Y: b})


SPECIAL = [0.0, -0.0, math.inf, -math.inf, math.nan, 5e-324, -5e-324, 1.7976931348623157e308, 2.0 ** 53,
           0.5, 1.5, -2.5, 1e-300]
floats = st.one_of(st.sampled_from(SPECIAL), st.floats(allow_nan=True, allow_infinity=True),
                   st.floats(-100, 100).map(lambda v: round(v, 2)))
ints = st.one_of(st.integers(-20, 20), st.sampled_from([2**53, 2**53 + 1, -(2**63), 2**1024, 10**400]))

FLOAT_CASES = [
    lambda x, y, n: x + y, lambda x, y, n: x - y, lambda x, y, n: x * y, lambda x, y, n: x / y,
    lambda x, y, n: x // y, lambda x, y, n: x % y, lambda x, y, n: divmod(x, y), lambda x, y, n: -x,
    lambda x, y, n: abs(x), lambda x, y, n: x < y, lambda x, y, n: x <= y, lambda x, y, n: x == y,
    lambda x, y, n: x != y, lambda x, y, n: x > y, lambda x, y, n: x >= y, lambda x, y, n: x < n,
    lambda x, y, n: n <= x, lambda x, y, n: x == n, lambda x, y, n: n != x, lambda x, y, n: n > x,
    lambda x, y, n: x + n, lambda x, y, n: n * x, lambda x, y, n: n / 4, lambda x, y, n: n - x,
    lambda x, y, n: math.floor(x), lambda x, y, n: math.ceil(x), lambda x, y, n: math.trunc(x),
    lambda x, y, n: round(x), lambda x, y, n: x.is_integer(), lambda x, y, n: bool(x),
    lambda x, y, n: N.int_(x), lambda x, y, n: N.float_(n), lambda x, y, n: N.float_(x),
    lambda x, y, n: N.sqrt(x), lambda x, y, n: N.isnan(x), lambda x, y, n: N.isinf(y),
    lambda x, y, n: N.isfinite(x), lambda x, y, n: N.fabs(x), lambda x, y, n: N.copysign(x, y),
    lambda x, y, n: N.fmod(x, y), lambda x, y, n: N.isclose(x, y), lambda x, y, n: N.isclose(x, y, abs_tol=0.5),
    lambda x, y, n: N.sqrt(n), lambda x, y, n: x * 2 < y + 1,
]


@settings(max_examples=500, deadline=None, derandomize=True)
@given(floats, floats, ints, st.integers(0, len(FLOAT_CASES) - 1))
def test_float_models_match_cpython(x, y, n, case):
    fn = FLOAT_CASES[case]
    check(fn, (x, y, n), (new_float_input("f", x), new_float_input("g", y), new_int_input("x", n)),
          {F: x, G: y, X: n})


def test_float_models_are_registered():
    assert REGISTRY["float"] is N.float_ and REGISTRY["int"] is N.int_
