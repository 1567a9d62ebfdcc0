"""The z3 backend: the only module that imports z3.

Terms are translated once per encoding and cached.  Each incremental z3 solver keeps
one push level per asserted constraint; a query pops back to the longest prefix it
shares with the previous one and pushes the rest (DESIGN.md decision 5).  Floats are
z3 Float64 with round-to-nearest-even, as CPython computes; queries with floats or
bit-vectors are solved by a fresh solver, which z3 bit-blasts much faster.

Integers have two encodings (which one to trust when is `solver/exactness.py`):
**int** (z3 `Int`, unbounded: Python's `//` and `%` rewritten onto z3's Euclidean
div/mod, bitwise operators with a constant operand as sums of floor divisions and
remainders by powers of two; a power or shift with a symbolic exponent an ite chain
up to K guarded by `exponent <= K`; operations needing bits of symbolic ints
uninterpreted functions, with facts they satisfy) and **bv** (W-bit vectors with
every arithmetic node's no-overflow condition as a guard, so nothing ever wraps).
"""
from __future__ import annotations

import heapq
import math
import os
import struct
import threading
import time
import weakref
from contextlib import contextmanager
from typing import Any, Callable

import z3

from smartest.solver.exactness import MIN_WIDTH, POW_BOUND, Exactness
from smartest.solver.protocol import NO_HISTORY, Answer, Query, Status
from smartest.terms import Term
from smartest.terms.term import Sort

class _Constants:
    """The float sort and rounding modes, made in one z3 context."""

    def __init__(self) -> None:
        self.f64 = z3.Float64()
        self.rne, self.rtz, self.rtn, self.rtp = z3.RNE(), z3.RTZ(), z3.RTN(), z3.RTP()


_K = _Constants()   # those of the context the running check uses (z3's main one outside any)


@contextmanager
def _in_context(ctx: "z3.Context", constants: "_Constants | None"):
    """Make `ctx` the context every z3 constructor without an explicit one uses.

    Each backend has a context of its own (`Z3Backend`): in a shared one, what an
    exploration is answered depended on what ran before it in the process (z3's term
    identifiers, which its models follow, and the resource counter, which only grows),
    so the same exploration ran differently after another one. Passing `ctx` to the
    hundred constructors below would say the same thing at every call; z3 falls back
    to its main context everywhere, so that is what is swapped, for the length of a
    check, and put back after."""
    global _K
    saved = z3.z3._main_ctx, _K
    z3.z3._main_ctx = ctx
    if constants is not None:
        _K = constants
    try:
        yield
    finally:
        z3.z3._main_ctx, _K = saved


_EMPTY: frozenset = frozenset()
_COMPARISONS = ("eq", "lt", "le")


def _positive_const(b) -> bool:
    return z3.is_int_value(b) and b.as_long() > 0


def _py_div(a, b):
    if _positive_const(b):
        return a / b  # Euclidean and floor division agree for a positive divisor
    q = a / b  # z3 Int division is Euclidean
    exact = (a % b) == 0
    return z3.If(z3.Or(b > 0, exact), q, q - 1)


def _py_mod(a, b):
    if _positive_const(b):
        return a % b
    r = a % b
    return z3.If(z3.Or(b > 0, r == 0), r, r + b)


def _float_val(v: float):
    if v != v:
        return z3.fpNaN(_K.f64)
    if v in (math.inf, -math.inf):
        return z3.fpPlusInfinity(_K.f64) if v > 0 else z3.fpMinusInfinity(_K.f64)
    if v == 0.0:
        return z3.fpMinusZero(_K.f64) if math.copysign(1.0, v) < 0 else z3.fpPlusZero(_K.f64)
    return z3.FPVal(v, _K.f64)


def _and_const_int(x, c: int):
    """x & c for a constant c, exact on every integer x: the runs of one bits of c
    select digits of x in base 2, each a floor division and a remainder."""
    bits = max(c.bit_length(), (~c).bit_length()) if c < 0 else c.bit_length()
    out = (x / (1 << bits)) * (1 << bits) if c < 0 else z3.IntVal(0)  # c < 0: ones above bit `bits`
    i = 0
    while i < bits:
        if (c >> i) & 1:
            j = i
            while j < bits and (c >> j) & 1:
                j += 1
            part = (x / (1 << i)) % (1 << (j - i)) if i else x % (1 << (j - i))
            out = out + part * (1 << i) if i else out + part
            i = j
        else:
            i += 1
    return out


class PastDeadline(Exception):
    """The exploration's deadline passed while a query was being translated."""


class Expiry:
    """Set once the exploration's deadline has passed (by Z3Backend's timer): a long
    translation (a regex over 40 string positions, in Python, where z3's interrupt does
    not reach) stops at the next term."""

    hit = False


class _Deadlines:
    """One daemon thread for every backend's deadline: it sleeps until the nearest one
    and interrupts that backend's z3 context, which cancels what z3 runs then (if it
    runs nothing, every later check of that backend answers at once, expired).  A timer
    thread started and cancelled around each check cost a fifth of DART's CPU (calc,
    1,500 runs: 5.0 CPU s against 4.0).  A forked child (the CLI explores in one) starts
    its own thread when it first watches a deadline."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self._cond = threading.Condition()
        self._heap: list = []
        self._count = 0
        self._thread: threading.Thread | None = None

    def watch(self, when: float, backend: "Z3Backend") -> None:
        with self._cond:
            self._count += 1
            heapq.heappush(self._heap, (when, self._count, weakref.ref(backend)))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="smartest-deadlines", daemon=True)
                self._thread.start()
            self._cond.notify()

    def _run(self) -> None:
        with self._cond:
            while True:
                if not self._heap:
                    self._cond.wait()
                    continue
                when, _, ref = self._heap[0]
                left = when - time.monotonic()
                if left > 0:
                    self._cond.wait(left)
                    continue
                heapq.heappop(self._heap)
                backend = ref()
                if backend is not None:
                    backend._expire()


_DEADLINES = _Deadlines()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_DEADLINES._reset)


class Translator:
    """Term -> z3 expression in one encoding, memoized on the (hash-consed) term; also
    the exactness guards below each term."""

    def __init__(self, mode: str = "int", width: int = MIN_WIDTH, bound: int = POW_BOUND,
                 expiry: Expiry | None = None) -> None:
        self.mode, self.width, self.bound = mode, width, bound
        self.expiry = expiry or Expiry()
        self.cache: dict[Term, Any] = {}
        self.guards: dict[Term, frozenset] = {}   # only terms with a non-empty set
        self.axioms: dict[Term, frozenset] = {}   # facts about the functions a term applies
        self._ufs: dict[tuple, Any] = {}
        self._own: list = []
        self._facts: list = []
        self._casts: dict[int, tuple] = {}

    def __call__(self, t: Term) -> Any:
        hit = self.cache.get(t)
        if hit is not None:
            return hit
        stack = [t]
        while stack:  # iterative post-order: deep path terms would overflow recursion
            if self.expiry.hit:
                raise PastDeadline
            cur = stack[-1]
            if cur in self.cache:
                stack.pop()
                continue
            pending = [a for a in cur.args if a not in self.cache and not self._beyond(cur, a)]
            if pending:
                stack.extend(pending)
                continue
            stack.pop()
            self._own, self._facts = [], []
            self.cache[cur] = self._node(cur)
            for own, table in ((self._own, self.guards), (self._facts, self.axioms)):
                below = [table[a] for a in cur.args if a in table]
                if own or below:
                    table[cur] = frozenset(own).union(*below)
        return self.cache[t]

    def _beyond(self, parent: Term, arg: Term) -> bool:
        """A constant compared with an int that no W-bit value reaches: the comparison
        is decided by the range alone (the overflow checks of int-to-float conversion
        compare with 2**1024), so the constant needs no bits."""
        return self.bv and parent.op in _COMPARISONS and arg.op == "const" and arg.sort is Sort.INT \
            and not self._fits(arg.value)

    def guards_of(self, t: Term) -> frozenset:
        self(t)
        return self.guards.get(t, _EMPTY)

    def axioms_of(self, t: Term) -> frozenset:
        self(t)
        return self.axioms.get(t, _EMPTY)

    # -- helpers --------------------------------------------------------------
    @property
    def bv(self) -> bool:
        return self.mode == "bv"

    def _guard(self, g) -> None:
        if not z3.is_true(g):
            self._own.append(g)

    def _fact(self, f) -> None:
        """A fact that holds of the real operation (so asserting it stays sound)."""
        self._facts.append(f)

    def _uf(self, name: str, args, result) -> Any:
        key = (name, tuple(a.sort() for a in args), result)
        f = self._ufs.get(key)
        if f is None:
            f = self._ufs[key] = z3.Function(f"{name}#{len(self._ufs)}", *key[1], result)
        return f(*args)

    def _int_sort(self):
        return z3.BitVecSort(self.width) if self.bv else z3.IntSort()

    def _int_val(self, v: int):
        return z3.BitVecVal(v, self.width) if self.bv else z3.IntVal(v)

    def _fits(self, v: int) -> bool:
        return not self.bv or -(1 << (self.width - 1)) <= v < (1 << (self.width - 1))

    # -- nodes ------------------------------------------------------------------
    def _node(self, t: Term) -> Any:
        op, a = t.op, [self.cache.get(x) for x in t.args]
        if op == "var":
            if t.sort is Sort.INT:
                return z3.BitVec(t.value, self.width) if self.bv else z3.Int(t.value)
            if t.sort is Sort.FLOAT:
                return z3.FP(t.value, _K.f64)
            return z3.Bool(t.value)
        if op == "const":
            if t.sort is Sort.BOOL:
                return z3.BoolVal(t.value)
            if t.sort is Sort.FLOAT:
                return _float_val(t.value)
            return self._int_val(t.value)
        if op in _COMPARISONS and None in a:
            (x, big) = (t.args[1], t.args[0]) if a[0] is None else (t.args[0], t.args[1])
            if op == "eq":
                return z3.BoolVal(False)
            below = big.value < 0  # the constant lies below every value, else above all
            return z3.BoolVal(below if big is t.args[0] else not below)
        plain = _PLAIN_OPS.get(op)
        if plain is not None:
            return plain(*a)
        method = getattr(self, "_op_" + op, None)
        if method is None:
            raise NotImplementedError(f"no z3 translation for {op}")
        return method(t, *a)

    def _op_guard(self, t, g):
        self._guard(g)
        return g

    def _op_approx(self, t, *xs):
        return self._uf(t.value, xs, self._sort_of(t.sort))

    def _sort_of(self, sort: Sort):
        return {Sort.INT: self._int_sort(), Sort.BOOL: z3.BoolSort(), Sort.FLOAT: _K.f64}[sort]

    # integers
    def _op_add(self, t, x, y):
        if self.bv:
            self._guard(z3.And(z3.BVAddNoOverflow(x, y, True), z3.BVAddNoUnderflow(x, y)))
        return x + y

    def _op_sub(self, t, x, y):
        if self.bv:
            self._guard(z3.And(z3.BVSubNoOverflow(x, y), z3.BVSubNoUnderflow(x, y, True)))
        return x - y

    def _op_mul(self, t, x, y):
        if self.bv:
            self._guard(z3.And(z3.BVMulNoOverflow(x, y, True), z3.BVMulNoUnderflow(x, y)))
        return x * y

    def _op_neg(self, t, x):
        if self.bv:
            self._guard(x != self._int_val(-(1 << (self.width - 1))))
        return -x

    def _op_floordiv(self, t, x, y):
        if not self.bv:
            return _py_div(x, y)
        self._guard(z3.BVSDivNoOverflow(x, y))
        q, r = x / y, z3.SRem(x, y)  # truncating; floor below
        return z3.If(z3.And(r != 0, (r < 0) != (y < 0)), q - 1, q)

    def _op_mod(self, t, x, y):
        if not self.bv:
            return _py_mod(x, y)
        r = z3.SRem(x, y)
        return z3.If(z3.And(r != 0, (r < 0) != (y < 0)), r + y, r)

    def _powers(self, t, base, count: int) -> list:
        b = t.args[0]
        if b.op == "const":
            return [self._int_val(b.value ** k) if self._fits(b.value ** k) else None for k in range(count)]
        out, cur = [], self._int_val(1)
        for k in range(count):
            out.append(cur)
            cur = self._op_mul(t, cur, base)
        return out

    def _op_pow(self, t, x, y):
        e = t.args[1]
        if e.op == "const" and not self.bv:
            p = x ** y
            return p if z3.is_int(p) else z3.ToInt(p)
        if e.op == "const":
            out = self._int_val(1)
            for _ in range(e.value):
                out = self._op_mul(t, out, x)
            return out
        base = t.args[0]
        if base.op == "const" and base.value in (0, 1, -1):  # exact for every exponent
            one, zero = self._int_val(1), self._int_val(0)
            if base.value == 0:
                return z3.If(y == zero, one, zero)
            if base.value == 1:
                return one
            return z3.If(self._op_mod(t, y, self._int_val(2)) == zero, one, self._int_val(-1))
        bound = self.bound if base.op == "const" else max(1, self.bound // 8)
        floor = abs(base.value) ** (bound + 1) if base.op == "const" else None
        return self._chain(t, y, self._powers(t, x, bound + 1), "pow", (x, y), floor)

    def _chain(self, t, k, values: list, name: str, uf_args, floor: int | None = None) -> Any:
        """ite(k == 0, values[0], ... k == n, values[n], uf(args)), guarded by k <= n;
        `floor`: a bound every value past the chain has in magnitude (a fact)."""
        out = self._uf(name, uf_args, self._int_sort())
        while values and values[-1] is None:  # past the width: leave it to the function
            values.pop()
            floor = None
        n = len(values) - 1
        if floor is not None and not self.bv:
            self._fact(z3.Implies(k > n, z3.Or(out >= floor, out <= -floor)))
        for i in range(n, -1, -1):
            out = z3.If(k == self._int_val(i), values[i], out)
        self._guard(k <= self._int_val(n))
        return out

    def _const_operand(self, t):
        a, b = t.args
        return (0, 1) if b.op == "const" else (1, 0) if a.op == "const" else None

    def _and(self, t, x, y):
        """x & y in the int encoding: exact with a constant operand, else a function
        with the sign and bound facts every two's complement `&` satisfies."""
        k = self._const_operand(t)
        if k is not None:
            return _and_const_int((x, y)[k[0]], t.args[k[1]].value)
        r = self._uf("band", (x, y), z3.IntSort())
        self._fact(z3.And((r >= 0) == z3.Or(x >= 0, y >= 0),
                          z3.Implies(z3.Or(x >= 0, y < 0), r <= x),
                          z3.Implies(z3.Or(y >= 0, x < 0), r <= y)))
        return r

    def _op_band(self, t, x, y):
        return x & y if self.bv else self._and(t, x, y)

    def _op_bor(self, t, x, y):
        return x | y if self.bv else x + y - self._and(t, x, y)        # a | b == a + b - (a & b)

    def _op_bxor(self, t, x, y):
        return x ^ y if self.bv else x + y - 2 * self._and(t, x, y)    # a ^ b == a + b - 2 (a & b)

    def _op_shl(self, t, x, k):
        if self.bv:
            self._guard(z3.And(z3.ULT(k, self.width), ((x << k) >> k) == x))
            return x << k
        return x * self._chain(t, k, [z3.IntVal(1 << i) for i in range(self.bound + 1)], "pow2", (k,),
                               1 << (self.bound + 1))

    def _op_shr(self, t, x, k):
        if self.bv:
            return z3.If(z3.ULT(k, self.width), x >> k, z3.If(x < 0, self._int_val(-1), self._int_val(0)))
        return _py_div(x, self._chain(t, k, [z3.IntVal(1 << i) for i in range(self.bound + 1)], "pow2", (k,),
                                      1 << (self.bound + 1)))

    # comparisons (by sort: IEEE for floats, exact between a float and an int)
    def _rounded(self, n):
        """(RTN(n), RTP(n)): the doubles nearest the int n from below and above.  In the
        int encoding they are functions of n, with the facts every pair satisfies
        (ordered like their ints, down <= up, never nan), so `n < x < n + 1` and
        `ceil(x) == n` still contradict each other there."""
        if self.bv:
            return z3.fpSignedToFP(_K.rtn, n, _K.f64), z3.fpSignedToFP(_K.rtp, n, _K.f64)
        down, up = self._uf("i2f_down", (n,), _K.f64), self._uf("i2f_up", (n,), _K.f64)
        key = n.get_id()
        if key not in self._casts:
            self._fact(z3.And(z3.fpLEQ(down, up), z3.Not(z3.fpIsNaN(down)), z3.Not(z3.fpIsNaN(up))))
            for m, d2, u2 in self._casts.values():
                self._fact(z3.And(z3.Implies(n < m, z3.And(z3.fpLT(down, u2), z3.fpLEQ(down, d2), z3.fpLEQ(up, u2))),
                                  z3.Implies(m < n, z3.And(z3.fpLT(d2, up), z3.fpLEQ(d2, down), z3.fpLEQ(u2, up)))))
            self._casts[key] = (n, down, up)
        return down, up

    def _mixed(self, a: Term, x, y, op: str):
        """A float compared with an int, exactly: the int rounded toward the side that
        keeps the comparison (n < x iff RTN(n) < x: no double lies in (RTN(n), n])."""
        f, n, int_left = (x, y, False) if a.sort is Sort.FLOAT else (y, x, True)
        down, up = self._rounded(n)
        if op == "eq":
            return z3.And(z3.fpEQ(down, f), z3.fpEQ(up, f))
        if op == "lt":
            return z3.fpLT(down, f) if int_left else z3.fpLT(f, up)
        return z3.fpLEQ(up, f) if int_left else z3.fpLEQ(f, down)

    def _unwrap_f2i(self, x, y, a, b):
        """int(r) compared with an int is r compared with it (r is an integral double)."""
        if a.op == "f2i" and b.sort is Sort.INT:
            return self.cache[a.args[0]], y, a.args[0], b
        if b.op == "f2i" and a.sort is Sort.INT:
            return x, self.cache[b.args[0]], a, b.args[0]
        return x, y, a, b

    def _op_eq(self, t, x, y):
        a, b = t.args
        x, y, a, b = self._unwrap_f2i(x, y, a, b)
        if a.sort is not b.sort:
            return self._mixed(a, x, y, "eq")
        return z3.fpEQ(x, y) if a.sort is Sort.FLOAT else x == y

    def _op_lt(self, t, x, y):
        a, b = t.args
        x, y, a, b = self._unwrap_f2i(x, y, a, b)
        if a.sort is not b.sort:
            return self._mixed(a, x, y, "lt")
        return z3.fpLT(x, y) if a.sort is Sort.FLOAT else x < y

    def _op_le(self, t, x, y):
        a, b = t.args
        x, y, a, b = self._unwrap_f2i(x, y, a, b)
        if a.sort is not b.sort:
            return self._mixed(a, x, y, "le")
        return z3.fpLEQ(x, y) if a.sort is Sort.FLOAT else x <= y

    # floats (the plain IEEE operators are in _FLOAT_OPS)
    def _op_fmod(self, t, x, y):
        # C fmod from IEEE remainder: where the remainder's sign differs from x's,
        # the truncated quotient is one step nearer zero (the sum is exact).
        r = z3.fpRem(x, y)
        step = z3.If(z3.fpIsNegative(x), z3.fpNeg(z3.fpAbs(y)), z3.fpAbs(y))
        flip = z3.And(z3.Not(z3.fpIsZero(r)), z3.fpIsNegative(r) != z3.fpIsNegative(x))
        return z3.If(flip, z3.fpAdd(_K.rne, r, step), r)

    def _op_i2f(self, t, n):
        if not self.bv:
            return self._uf("i2f", (n,), _K.f64)
        return z3.fpSignedToFP(_K.rne, n, _K.f64)

    def _op_f2i(self, t, x):
        if not self.bv:
            return self._uf("f2i", (x,), z3.IntSort())
        top = self.width - 1
        if top <= 1023:
            self._guard(z3.fpLT(z3.fpAbs(x), z3.FPVal(float(1 << top), _K.f64)))
        return z3.fpToSBV(_K.rtz, x, z3.BitVecSort(self.width))

    def _op_itruediv(self, t, x, y):
        if not self.bv:
            return self._uf("itruediv", (x, y), _K.f64)
        small = z3.And(*(z3.And(v <= (1 << 53), v >= -(1 << 53)) for v in (x, y))) if self.width > 54 else z3.BoolVal(True)
        self._guard(small)
        return z3.If(small, z3.fpDiv(_K.rne, z3.fpSignedToFP(_K.rne, x, _K.f64), z3.fpSignedToFP(_K.rne, y, _K.f64)),
                     self._uf("itruediv", (x, y), _K.f64))


# Operators whose translation is the same in both encodings and needs no guard.
_PLAIN_OPS: dict[str, Callable] = {
    "not": z3.Not, "and": lambda *xs: z3.And(*xs), "or": lambda *xs: z3.Or(*xs), "ite": z3.If,
    "fadd": lambda x, y: z3.fpAdd(_K.rne, x, y), "fsub": lambda x, y: z3.fpSub(_K.rne, x, y),
    "fmul": lambda x, y: z3.fpMul(_K.rne, x, y), "fdiv": lambda x, y: z3.fpDiv(_K.rne, x, y),
    "fneg": z3.fpNeg, "fabs": z3.fpAbs, "fsqrt": lambda x: z3.fpSqrt(_K.rne, x),
    "ffloor": lambda x: z3.fpRoundToIntegral(_K.rtn, x), "fceil": lambda x: z3.fpRoundToIntegral(_K.rtp, x),
    "ftrunc": lambda x: z3.fpRoundToIntegral(_K.rtz, x), "frint": lambda x: z3.fpRoundToIntegral(_K.rne, x),
    "isnan": z3.fpIsNaN, "isinf": z3.fpIsInf, "signbit": z3.fpIsNegative,
}


def _model_value(model: z3.ModelRef, v: Term, zv: Any) -> Any:
    value = model.eval(zv, model_completion=True)
    if v.sort is Sort.INT:
        return value.as_signed_long() if z3.is_bv_value(value) else value.as_long()
    if v.sort is Sort.FLOAT:
        if value.isNaN():
            return math.nan
        bits = model.eval(z3.fpToIEEEBV(zv), model_completion=True).as_long()
        return struct.unpack("<d", struct.pack("<Q", bits))[0]
    return z3.is_true(value)


class Limits:
    """How long one check may run: z3's resource limit (`rlimit`), which counts the
    solver's own steps and so gives the same answer on an idle and on a loaded
    machine, and the wall-clock timeout, kept only as a backstop for the rare
    query whose steps z3 does not count.

    Measured with z3 4.15 (tests/unit/test_solver_limits.py): a solver's
    `rlimit` bounds each `check` on its own, counted from where the context's
    step counter stood when the check began, so an incremental solver asked a
    thousand cheap queries never runs out; the counter itself is shared by every
    solver of the context and only ever grows."""

    def __init__(self, timeout_ms: int, rlimit: int) -> None:
        self.timeout_ms, self.rlimit = int(timeout_ms), int(rlimit)

    def solver(self) -> "z3.Solver":
        s = z3.Solver()
        if self.timeout_ms:         # 0: no wall-clock bound at all
            s.set("timeout", self.timeout_ms)
        if self.rlimit:
            s.set("rlimit", self.rlimit)
        return s


class _Incremental:
    """One incremental z3 solver.  Each push level holds one constraint of a query
    and the domains of the variables it is the first to mention, so the domains
    never break the prefix that consecutive queries share."""

    def __init__(self, translate: Translator, limits: "Limits") -> None:
        self.translate = translate
        self.solver = limits.solver()
        self.stack: list[tuple[Term, tuple[Term, ...], frozenset]] = []  # (constraint, bounded here, guards)
        self.bounded: set[Term] = set()

    def sync(self, constraints: tuple[Term, ...], domains) -> None:
        common = 0
        limit = min(len(self.stack), len(constraints))
        while common < limit and self.stack[common][0] is constraints[common]:
            common += 1
        if common < len(self.stack):
            self.solver.pop(len(self.stack) - common)
            for _, vs, _ in self.stack[common:]:
                self.bounded.difference_update(vs)
            del self.stack[common:]
        for c in constraints[common:]:
            self.solver.push()
            fresh = by_name(v for v in c.free if v not in self.bounded and v in domains)
            guards = self.translate.guards_of(c)
            for v in fresh:
                self.solver.add(self.translate(domains[v]))
                guards = guards | self.translate.guards_of(domains[v])
            self.bounded.update(fresh)
            self.solver.add(self.translate(c))
            for fact in self.translate.axioms_of(c):
                self.solver.add(fact)
            self.stack.append((c, fresh, guards))

    def guards(self) -> list:
        out: dict[int, Any] = {}
        for _, _, gs in self.stack:
            for g in gs:
                out.setdefault(g.get_id(), g)
        return list(out.values())


class Z3Backend:
    """A few incremental solvers, one per encoding and first constraint of a (sliced)
    query.

    Independence slicing makes consecutive queries alternate between unrelated
    inputs (strcmp/testme: the s1 part, then the s2 part); with a single solver
    each switch pops the whole stack and pushes the other prefix again (16 pushes
    per query measured at n=16).  Queries that share a prefix share its first
    constraint, so one solver per first constraint keeps each prefix in place."""

    POOL = 8
    PAST_DEADLINE = "the exploration's --time-limit was reached during the query"

    def __init__(self, timeout_ms: int = 5000, rlimit: int = 0, deadline: float | None = None) -> None:
        """`deadline` (time.monotonic()): when the exploration's time is up.  A check
        still running then is interrupted (z3's rlimit alone let one query started
        just before --time-limit run 47 s past it: inflection's `tableize`, in z3's
        simplification of an assertion, where no check timeout applies), and no check
        starts after it; either is unknown, and the exploration stops at its budget."""
        self.timeout_ms = timeout_ms
        self.deadline = deadline
        self.expiry = Expiry()
        self.limits = Limits(timeout_ms, rlimit)
        self.ctx = z3.Context()           # this backend's own (see `_in_context`)
        with _in_context(self.ctx, None):
            self.constants = _Constants()
        self.translators: dict[tuple, Translator] = {}
        self.translate = self._translator("int", MIN_WIDTH, POW_BOUND)
        self.pool: dict[tuple, _Incremental] = {}
        if deadline is not None:
            _DEADLINES.watch(deadline, self)
        self.strategy = Exactness()
        self.last_why = ""                # why the last check z3 could not decide stopped

    def _translator(self, mode: str, width: int, bound: int) -> Translator:
        key = (mode, width if mode == "bv" else 0, bound)
        tr = self.translators.get(key)
        if tr is None:
            tr = self.translators[key] = Translator(mode, width, bound, self.expiry)
        return tr

    def _solver_for(self, tr: Translator, first: Term | None, stream: int = 0) -> _Incremental:
        """POOL solvers per stream (`Query.stream`): one stream's queries never move another's solvers."""
        key = (tr.mode, tr.width, tr.bound, first, stream)
        inc = self.pool.pop(key, None)
        if inc is None:
            mine = [k for k in self.pool if k[-1] == stream]
            if len(mine) >= self.POOL:
                del self.pool[mine[0]]  # least recently used
            inc = _Incremental(tr, self.limits)
        self.pool[key] = inc
        return inc

    # -- solving (the strategy is z3-free: solver/exactness.py) ---------------------
    def check(self, query: Query) -> Answer:
        self.last_why = ""
        left = float("inf") if self.deadline is None else self.deadline - time.monotonic()
        if left <= 0 or self.expiry.hit:
            return Answer(Status.UNKNOWN, why=self.PAST_DEADLINE)
        try:
            with _in_context(self.ctx, self.constants):
                answer = self.strategy.check(query, self.solve)
        except RecursionError:
            # A term deeper than the recursive walks allow (long strings through many
            # regex searches): unknown, and the incremental solvers, which may hold a
            # half-pushed constraint, are dropped.
            self.pool.clear()
            return Answer(Status.UNKNOWN, why="a term too deep to translate")
        except (z3.Z3Exception, PastDeadline):
            if not self.expiry.hit:
                raise
            self.pool.clear()     # interrupted inside an assertion: a half-pushed constraint
            return Answer(Status.UNKNOWN, why=self.PAST_DEADLINE)
        if self.expiry.hit and answer.status is Status.UNKNOWN:
            return Answer(answer.status, answer.model, self.PAST_DEADLINE)
        if answer.status is Status.UNKNOWN and not answer.why and self.last_why:
            return Answer(answer.status, answer.model, self.last_why)
        return answer

    def _expire(self) -> None:
        """The timer's thread, at the deadline: z3 calls release the GIL, and an
        interrupt cancels the context's running operation."""
        self.expiry.hit = True
        self.ctx.interrupt()

    def solve(self, mode: str, width: int, bound: int, query: Query, under: bool) -> tuple[Status, Any, bool]:
        variables = {v for c in query.constraints for v in c.free}
        return self._solve(self._translator(mode, width, bound), query, variables, under)

    def _solve(self, tr: Translator, query: Query, variables, under: bool) -> tuple[Status, Any, bool]:
        """(status, model, exact) in one encoding.  `under`: the encoding is an
        under-approximation (bit-vectors), whose unsat only says "not within W bits";
        `exact`: the model came from the check with every exactness guard assumed.
        A `fresh` query (or one on the NO_HISTORY stream) gets a solver of its own,
        dropped after the check: a pooled solver it used (or evicted) would answer later
        queries with other models."""
        if tr.bv or any(self.strategy.floaty(c) for c in query.constraints):
            return self._solve_once(tr, query, variables, under)
        if query.fresh or query.stream == NO_HISTORY:
            parts, guards = self._parts(tr, query, variables)
            solver = self.limits.solver()
            solver.push()      # the incremental core, as in the pool: no tactic set-up for one check
            solver.add(*parts)
            guards = list(guards)
        else:
            inc = self._solver_for(tr, query.constraints[0] if query.constraints else None, query.stream)
            inc.sync(query.constraints, query.domains)
            solver, guards = inc.solver, inc.guards()
        exact = True
        result = solver.check(*guards)
        if result == z3.unsat and not under and guards:
            core = {g.get_id() for g in solver.unsat_core()}
            if any(g.get_id() in core for g in guards):
                exact = False
                result = solver.check()
        status, model = self._answer(result, solver, tr, variables)
        return status, model, exact

    @staticmethod
    def _parts(tr: Translator, query: Query, variables) -> tuple[list, set]:
        """The query's constraints, their axioms and the domains of its variables in one
        list, and the exactness guards apart."""
        parts, guards = [], set()
        for c in query.constraints:
            parts.append(tr(c))
            parts.extend(tr.axioms_of(c))
            guards |= tr.guards_of(c)
        for v in by_name(variables):
            if v in query.domains:
                parts.append(tr(query.domains[v]))
        return parts, guards

    def _solve_once(self, tr: Translator, query: Query, variables, under: bool) -> tuple[Status, Any, bool]:
        """A fresh, non-incremental solver: z3 bit-blasts bit-vectors and floats far
        better before any push or assumption (fpSignedToFP at 128 bits: 0.07 s fresh,
        over 5 s after a push; x + 1.0 == x: 0.2 s against 1.3 s)."""
        parts, guards = self._parts(tr, query, variables)
        solver = self._fresh(parts)
        solver.add(*guards)
        result = solver.check()
        if result == z3.sat or under or not guards or result == z3.unknown:
            return (*self._answer(result, solver, tr, variables), True)
        solver = self._fresh(parts)
        return (*self._answer(solver.check(), solver, tr, variables), False)

    def _fresh(self, parts: list):
        solver = self.limits.solver()
        solver.add(*parts)
        return solver

    def _answer(self, result, solver, tr: Translator, variables) -> tuple[Status, Any]:
        if result == z3.sat:
            model = solver.model()
            return Status.SAT, {v: _model_value(model, v, tr(v)) for v in variables}
        if result == z3.unknown:
            self.last_why = self._why(solver.reason_unknown())
        return (Status.UNSAT if result == z3.unsat else Status.UNKNOWN), None

    def _why(self, reason: str) -> str:
        """z3's own reason with the limits it ran under (a resource limit hit inside a
        tactic comes back as 'canceled', so the reason alone does not say which)."""
        limits = [f"{self.limits.rlimit:,} steps (--solver-rlimit)" if self.limits.rlimit else "",
                  f"{self.limits.timeout_ms} ms (--solver-timeout)" if self.limits.timeout_ms else ""]
        within = " and ".join(x for x in limits if x)
        return f"z3 gave up ({reason})" + (f" within {within}" if within else "")


def by_name(variables) -> tuple:
    """Variables in name order.  Terms hash by identity, so a set of them iterates in
    an order that depends on memory addresses; asserting their domains in that order
    lets z3's models, and so the paths explored, change from one process to the next."""
    return tuple(sorted(variables, key=lambda v: str(v.value)))


def to_smtlib(query: Query) -> str:
    s = z3.Solver()
    t = Translator()
    for c in query.constraints:
        s.add(t(c))
    return s.to_smt2()
