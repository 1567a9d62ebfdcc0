"""The integer forms of tests on int / int (terms/quotients.py) against CPython.

Each case builds the float-theory term the proxies build (`itruediv`, `ffloor`, `f2i`,
IEEE comparisons), lowers it, and evaluates both, and CPython's own `a / b`, on
random ints of every size (past 2**53 and past the double range), negative and zero
divisors, and constants on the rounding boundaries of the quotient itself.
"""
from __future__ import annotations

import math
import os
import random
import subprocess
import sys

import pytest

from smartest import explore
from smartest.solver import build_solver_chain
from smartest.solver.protocol import Query, Status
from smartest.terms import build, floats as F
from smartest.terms.evaluate import evaluate
from smartest.terms.quotients import EXACT_RANGE, lower, rounded_in_range, threshold
from smartest.terms.term import Sort, const, var
from support.oracle import load

A, B = var("qa", Sort.INT), var("qb", Sort.INT)
Q = F.itruediv(A, B)
ROUNDINGS = {"ffloor": math.floor, "fceil": math.ceil, "ftrunc": math.trunc, "frint": round}
OPS = {"eq": lambda x, y: x == y, "lt": lambda x, y: x < y, "le": lambda x, y: x <= y}


def _int(rng: random.Random) -> int:
    kind = rng.randrange(7)
    if kind == 0:
        return rng.randint(-30, 30)
    if kind == 1:
        return rng.choice((1, -1)) * (2 ** 53 + rng.randint(-4, 4))
    if kind == 2:
        return rng.choice((1, -1)) * rng.getrandbits(rng.choice((54, 60, 64, 106)))
    if kind == 3:
        return rng.choice((1, -1)) * (2 ** 1100 + rng.getrandbits(80))
    if kind == 4:
        return rng.choice((1, -1)) * (2 ** 1024 - 2 ** 970 + rng.randint(-2, 2)) * rng.choice((1, 3))
    return rng.randint(-10 ** 6, 10 ** 6)


def _pairs(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        a, b = _int(rng), _int(rng)
        if rng.randrange(8) == 0:
            b = 0
        yield a, b


def _quotient(a: int, b: int) -> float:
    if b == 0:
        return math.nan
    try:
        return a / b
    except OverflowError:
        return math.inf if (a > 0) == (b > 0) else -math.inf


def _floats_near(q: float, rng: random.Random) -> list[float]:
    out = [0.0, -0.0, 0.1, 2.5, 7.0, -7.0, 5e-324, F.INF, -F.INF, math.nan, 1.7976931348623157e308, 2.0 ** 53]
    if not math.isnan(q):
        out += [q, math.nextafter(q, math.inf), math.nextafter(q, -math.inf)]
        if not math.isinf(q):
            out += [math.floor(q) + 0.5, math.floor(q) - 0.5]
    return out


def _lowered(t):
    return lower(t, {}, {})


def _mentions_float(t) -> bool:
    seen, stack = set(), [t]
    while stack:
        u = stack.pop()
        if u.sort is Sort.FLOAT:
            return True
        stack.extend(a for a in u.args if a not in seen)
        seen.update(u.args)
    return False


def _check_comparisons(pairs, rng):
    for a, b in pairs:
        q = _quotient(a, b)
        env = {A: a, B: b}
        for d in _floats_near(q, rng):
            for op, concrete in OPS.items():
                for left in (True, False):
                    t = F.compare(op, Q, const(d)) if left else F.compare(op, const(d), Q)
                    low = _lowered(t)
                    assert not _mentions_float(low), t
                    want = concrete(q, d) if left else concrete(d, q)
                    assert evaluate(t, env) == want
                    assert evaluate(low, env) == want, (a, b, op, d, left)


def _check_rounded(pairs, rng):
    for a, b in pairs:
        q = _quotient(a, b)
        env = {A: a, B: b}
        for name, rounding in ROUNDINGS.items():
            r = F.f2i(F.unary(name, Q))
            value = rounding(q) if not math.isnan(q) and not math.isinf(q) else 0
            ks = {0, 1, -1, 7, value, value + 1, value - 1, rng.randint(-5, 5), 2 ** 60, -(2 ** 1030)}
            for k in ks:
                for op, concrete in OPS.items():
                    for left in (True, False):
                        t = build.eq(r, const(k)) if op == "eq" else (
                            (build.lt if op == "lt" else build.le)(*((r, const(k)) if left else (const(k), r))))
                        low = _lowered(t)
                        assert not _mentions_float(low), t
                        want = concrete(value, k) if left else concrete(k, value)
                        assert evaluate(t, env) == want
                        assert evaluate(low, env) == want, (a, b, name, op, k, left)


def _midpoints():
    """Quotients landing exactly on a rounding threshold (where ties to even decide)."""
    for d in (0.0, 5e-324, 0.1, 2.5, 7.0, 2.0 ** 53, 1.7976931348623157e308):
        for t in (d, -d, -F.INF):
            mid = threshold(t)[0]
            for k in (1, -1, 3):
                yield mid.numerator * k, mid.denominator * k


def test_quotients_agree_with_cpython():
    _check_comparisons(list(_pairs(30, 0)) + list(_midpoints()), random.Random(0))
    _check_rounded(_pairs(25, 1), random.Random(1))


@pytest.mark.quality
@pytest.mark.parametrize("seed", range(4))
def test_quotients_agree_with_cpython_at_length(seed):
    _check_comparisons(_pairs(200, 10 + seed), random.Random(seed))
    _check_rounded(_pairs(150, 20 + seed), random.Random(seed))


def test_ties_and_boundaries_of_round_half_even():
    # a / b landing exactly on k + 1/2 rounds to the even neighbour; a / b a hair away does not
    cases = [(5, 2), (7, 2), (-5, 2), (-7, 2), (1, 2), (-1, 2), (2 ** 53 + 1, 2), (2 ** 54 + 3, 4),
             (3 * 2 ** 52 + 1, 2 ** 53), (2 ** 53 - 1, 2 ** 53), (-(2 ** 53) + 1, 2 ** 53)]
    for a, b in cases:
        env = {A: a, B: b}
        for name, rounding in ROUNDINGS.items():
            want = rounding(a / b)
            for k in (want - 1, want, want + 1):
                t = build.eq(F.f2i(F.unary(name, Q)), const(k))
                assert evaluate(_lowered(t), env) == (want == k), (a, b, name, k)


def test_nan_and_infinity_of_a_quotient():
    for a, b in _pairs(300, 7):
        env = {A: a, B: b}
        q = _quotient(a, b)
        assert evaluate(_lowered(F.isnan(Q)), env) == math.isnan(q)
        assert evaluate(_lowered(F.isinf(Q)), env) == math.isinf(q), (a, b)


def test_a_constant_divisor_gives_linear_integer_terms():
    low = _lowered(build.eq(F.f2i(F.unary("ffloor", F.itruediv(A, const(3)))), const(7)))
    ops, stack = set(), [low]
    while stack:
        u = stack.pop()
        ops.add(u.op)
        stack.extend(u.args)
    assert ops <= {"and", "not", "or", "le", "lt", "mul", "const", "var"}, ops
    assert evaluate(low, {A: 21}) and evaluate(low, {A: 23}) and not evaluate(low, {A: 24})


# -- the engine on int / int, and what the report says of an undecided query ---------

TARGETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "targets", "quotient_targets.py")


def test_floor_of_a_quotient_is_explored_completely():
    """The lead's one-liner: one solver query ran z3's whole step budget to unknown
    before the integer forms (1 run, incomplete); now every outcome and `complete`."""
    report = explore(f"{TARGETS}:floor_third", run_dir=None, coverage=False, deepen=False,
                     max_runs=50, time_limit=3600, solver_timeout_ms=0)
    module = load(TARGETS)
    outcomes = set()
    for t in report.tests:
        try:
            outcomes.add(module.floor_third(**dict(t.inputs)))
        except OverflowError:
            outcomes.add("OverflowError")
    assert outcomes == {"seven", "other", "OverflowError"}
    assert report.complete and report.solver["unknown"] == 0


def test_an_undecided_query_is_named_with_why():
    chain, stats = build_solver_chain(rlimit=20_000, timeout_ms=0)
    x = var("qx", Sort.FLOAT)
    goal = build.and_(F.compare("eq", F.fmul(x, x), const(2.0)), F.compare("lt", const(0.0), x))
    answer = chain.check(Query((goal,)))
    assert answer.status is Status.UNKNOWN
    (entry,) = stats.unknown_queries
    assert "fmul" in entry["condition"] and "--solver-rlimit" in entry["why"], entry


def test_the_summary_shows_the_undecided_query():
    out = subprocess.run([sys.executable, "-m", "smartest", "explore", f"{TARGETS}:square_root_two", "--no-run-dir",
                          "--no-coverage", "--solver-rlimit", "20000", "--max-runs", "3", "--fixed-bounds"],
                         capture_output=True, text=True, timeout=300, env={**os.environ}, check=False)
    assert "unknown after" in out.stdout and "--solver-rlimit" in out.stdout, out.stdout + out.stderr


# -- f2i(R(a / b)) in general: integer division within 2**53 (2**51 for round) --------

def _small(rng: random.Random, limit: int) -> int:
    kind = rng.randrange(4)
    if kind == 0:
        return rng.randint(-30, 30)
    if kind == 1:
        return rng.choice((1, -1)) * (limit - rng.randint(0, 3))
    return rng.randint(-limit, limit) >> rng.randrange(0, 50)


def _near_ties(limit: int):
    """a / b a hair from k + 1/2 with a and b as large as the range allows."""
    for k in (1, 2, 3, 2 ** 19 + 1, 2 ** 19, 2 ** 30 + 1, 2 ** 45 - 1):
        b = (limit // (k + 1)) | 1
        for delta in (-1, 1):
            if ((2 * k + 1) * b + delta) % 2 == 0:
                a = ((2 * k + 1) * b + delta) // 2
                if abs(a) <= limit:
                    yield a, b
                    yield -a, b


def test_rounding_a_quotient_within_range_is_integer_division():
    rng = random.Random(5)
    for name, rounding in ROUNDINGS.items():
        limit = EXACT_RANGE[name]
        pairs = [(_small(rng, limit), _small(rng, limit)) for _ in range(400)] + list(_near_ties(limit))
        form = rounded_in_range(F.f2i(F.unary(name, Q)))
        exact, beyond = form.args[1], form.args[2]
        assert beyond.op == "approx"
        for a, b in pairs:
            if b == 0:
                continue
            env = {A: a, B: b}
            assert evaluate(form.args[0], env), (a, b)
            assert evaluate(exact, env) == rounding(a / b), (name, a, b)
        assert not evaluate(form.args[0], {A: limit + 1, B: 3}) and not evaluate(form.args[0], {A: 1, B: 0})


def test_round_needs_the_narrower_range():
    # Within 2**53 the rounding to a double can land a quotient just below k + 1/2 on
    # k + 1/2 itself, and round() then goes to the even neighbour: why round stops at 2**51.
    a, b, k = 9007190664183806, 17179803647, 2 ** 19 + 1
    assert abs(a) <= 2 ** 53 and abs(a) > EXACT_RANGE["frint"]
    assert 2 * a < (2 * k + 1) * b            # the exact quotient is below k + 1/2 ...
    assert round(a / b) == k + 1              # ... but CPython's rounds to k + 1


def test_floor_of_a_quotient_against_a_symbolic_int_is_solved():
    chain, _ = build_solver_chain(rlimit=50_000_000, timeout_ms=0)
    m = var("qm", Sort.INT)
    goal = build.eq(F.f2i(F.unary("ffloor", F.itruediv(A, const(3)))), build.add(build.mul(m, m), const(7)))
    answer = chain.check(Query((goal, build.lt(const(2), m))))
    assert answer.status is Status.SAT
    env = {A: answer.model[A], m: answer.model[m]}
    assert math.floor(env[A] / 3) == env[m] ** 2 + 7 and env[m] > 2
