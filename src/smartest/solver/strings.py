"""Bounded strings: lower every string term to integer terms before the solver sees it.

A string input `s` of at most K characters becomes an integer length `s.len`
(0 <= s.len <= K) and K code points `s[0] .. s[K-1]`; position j means something
only where j < s.len.  Every string operation of our term language is then a
formula over those integers:

    s == "ab"          s.len == 2 and s[0] == 97 and s[1] == 98
    (s + "\\0")[i]      ite(i < s.len, s[i], ite(i == s.len, 0, -1))   (i symbolic)
    s.find("ab")       ite(match(0), 0, ite(match(1), 1, ... -1))

Why not z3's theory of strings: measured on strcmp/testme (ARCHITECTURE.md), z3's
sequence solver needs 4.5 s for the 739 queries at n = 8 and then never returns
(more than 60 s, inside `push`, where no timeout applies) on a 17-constraint query
at n = 10, while the lowered form answers every query of n = 16 in about a
millisecond.  The price is a bound on every string, which a test generator has
anyway (`--max-str-len`), and formulas quadratic in the bound for symbolic
indices and `find`.

This is a layer of the solver chain: queries over strings in, a query over
integers to the next layer, and the model lifted back to strings (positions the
model leaves free keep the characters of the current input, DART's `I`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from smartest.solver import radix_lowering, regex_lowering, text_lowering  # these register radix, re_ok, re_pos
from smartest.solver.protocol import Answer, Query, Solver, Status
from smartest.terms.evaluate import evaluate
from smartest.terms import Sort, approx, build, const, var
from smartest.terms.rewrite import transform
from smartest.terms.term import Term

MAX_CODE = 0x10FFFF
_TEXT = (Sort.STR, Sort.BYTES)
NO_CHAR = const(-1)          # the code at a position past the end
_ZERO, _ONE = const(0), const(1)
INT_DIGITS = 24              # str(n) is exact for |n| < 10**24


@dataclass(frozen=True)
class Seq:
    """A string as a length term and one code-point term per possible position."""

    length: Term
    chars: tuple[Term, ...]

    @property
    def capacity(self) -> int:
        return len(self.chars)

    def char(self, k: int) -> Term:
        return self.chars[k] if 0 <= k < len(self.chars) else NO_CHAR

    def char_at(self, index: Term) -> Term:
        """The code at a (possibly symbolic) index: an ite chain over the positions."""
        if index.op == "const":
            return self.char(index.value)
        out = NO_CHAR
        for k in range(len(self.chars) - 1, -1, -1):
            out = build.ite(build.eq(index, const(k)), self.chars[k], out)
        return out


def _implies(p: Term, q: Term) -> Term:
    return build.or_(build.not_(p), q)


def _min(a: Term, b: Term) -> Term:
    return build.ite(build.lt(a, b), a, b)


class StringLowering:
    """Lowers string terms for one bound K on string inputs; memoized for the whole
    exploration (terms are interned, so the cache is keyed by identity).  Bytes terms
    are lowered the same way, with codes 0..255."""

    Seq = Seq

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._fresh: dict[Term, int] = {}
        self._seqs: dict[Term, Seq] = {}
        self._terms: dict[Term, Term] = {}
        self._domains: dict[Term, dict[Term, Term]] = {}
        self.owner: dict[Term, Term] = {}   # length/code-point variable -> its string input
        self.aux: dict[Term, Term] = {}     # auxiliary variable (a digit of str(n)) -> its domain

    # -- variables ------------------------------------------------------------
    def length_var(self, v: Term) -> Term:
        n = var(f"{v.value}.len", Sort.INT)
        self.owner[n] = v
        return n

    def char_var(self, v: Term, k: int) -> Term:
        c = var(f"{v.value}[{k}]", Sort.INT)
        self.owner[c] = v
        return c

    def domains(self, v: Term) -> dict[Term, Term]:
        """What every string input satisfies: 0 <= len <= K, each code in range."""
        hit = self._domains.get(v)
        if hit is None:
            hit = self._domains[v] = self._make_domains(v)
        return hit

    def _make_domains(self, v: Term) -> dict[Term, Term]:
        n = self.length_var(v)
        out = {n: build.and_(build.le(_ZERO, n), build.le(n, const(self.capacity)))}
        top = const(255 if v.sort is Sort.BYTES else MAX_CODE)
        for k in range(self.capacity):
            c = self.char_var(v, k)
            out[c] = build.and_(build.le(_ZERO, c), build.le(c, top))
        return out

    # -- what text_lowering uses ------------------------------------------------
    def fresh_id(self, t: Term) -> int:
        return self._fresh.setdefault(t, len(self._fresh))

    def match(self, s: Seq, sub: Seq, i: int) -> Term:
        return self._match(s, sub, i)

    def concat(self, x: Seq, y: Seq) -> Seq:
        return self._concat(x, y)

    # -- lowering -------------------------------------------------------------
    def lower(self, t: Term) -> Term:
        """An integer/boolean term with no string subterm, equivalent to `t` under
        the bound (t must not itself be a string)."""
        return transform(t, self._leaf, self._terms)

    def _leaf(self, t: Term) -> Term | None:
        if t.op in ("const", "var"):
            return t
        if t.args and t.args[0].sort in _TEXT:
            return self._string_predicate(t)
        return None

    def seq(self, t: Term) -> Seq:
        hit = self._seqs.get(t)
        if hit is None:
            # Lower string arguments first (iteratively: concatenations in loops nest deep).
            stack = [t]
            while stack:
                cur = stack[-1]
                pending = [a for a in cur.args if a.sort in _TEXT and a not in self._seqs]
                if pending:
                    stack.extend(pending)
                    continue
                stack.pop()
                if cur not in self._seqs:
                    self._seqs[cur] = self._make_seq(cur)
            hit = self._seqs[t]
        return hit

    def _int(self, t: Term) -> Term:
        return self.lower(t)

    def _make_seq(self, t: Term) -> Seq:
        op, a = t.op, t.args
        if op == "const":
            codes = t.value if isinstance(t.value, bytes) else map(ord, t.value)
            return Seq(const(len(t.value)), tuple(const(c) for c in codes))
        if op == "var":
            return Seq(self.length_var(t), tuple(self.char_var(t, k) for k in range(self.capacity)))
        if op == "concat":
            return self._concat(self._seqs[a[0]], self._seqs[a[1]])
        if op == "at":
            s, i = self._seqs[a[0]], self._int(a[1])
            inside = build.and_(build.le(_ZERO, i), build.lt(i, s.length))
            return Seq(build.ite(inside, _ONE, _ZERO), (s.char_at(i),))
        if op == "substr":
            return self._substr(self._seqs[a[0]], self._int(a[1]), self._int(a[2]))
        if op == "from_code":
            n = self._int(a[0])
            ok = build.and_(build.le(_ZERO, n), build.le(n, const(MAX_CODE)))
            return Seq(build.ite(ok, _ONE, _ZERO), (n,))
        if op == "ite":
            c, x, y = self._int(a[0]), self._seqs[a[1]], self._seqs[a[2]]
            k = max(x.capacity, y.capacity)
            return Seq(build.ite(c, x.length, y.length),
                       tuple(build.ite(c, x.char(j), y.char(j)) for j in range(k)))
        if op == "int_to_str":
            # Exact below 10**INT_DIGITS, and guarded there: z3 once gave a 25-digit n,
            # the truncated digits predicted a palindrome and the run left its path
            # (corpus p56 under SMART).
            # Past it, an over-approximation whose models are checked with Python's str.
            n = self._int(a[0])
            return text_lowering.seq_ite(self, approx.guard(build.lt(n, const(10 ** INT_DIGITS))),
                                         self._nat_to_str(n), self._long_nat_str(t))
        if op in text_lowering.SEQS:
            return text_lowering.SEQS[op](self, t)
        raise NotImplementedError(f"no bounded-string lowering for {op}")

    def _concat(self, x: Seq, y: Seq) -> Seq:
        chars = []
        for j in range(x.capacity + y.capacity):
            rest = y.char_at(build.sub(const(j), x.length))
            if x.length.op == "const":
                chars.append(x.char(j) if j < x.length.value else rest)
            else:
                chars.append(build.ite(build.lt(const(j), x.length), x.char(j), rest))
        return Seq(build.add(x.length, y.length), tuple(chars))

    def _substr(self, s: Seq, start: Term, count: Term) -> Seq:
        empty = build.or_(build.lt(start, _ZERO), build.lt(s.length, start), build.le(count, _ZERO))
        length = build.ite(empty, _ZERO, _min(count, build.sub(s.length, start)))
        k = s.capacity if count.op != "const" else max(0, min(count.value, s.capacity))
        return Seq(length, tuple(s.char_at(build.add(start, const(j))) for j in range(k)))

    def _long_nat_str(self, t: Term) -> Seq:
        """What str(n) may be for n >= 10**INT_DIGITS, over-approximated: INT_DIGITS + 1
        to 2 * INT_DIGITS digits, the first not 0.  A model that uses it is checked with
        Python's str before it is trusted (solver/exactness.py)."""
        key = self.fresh_id(t)
        size = approx.approx(f"str#{key}.long", (), Sort.INT)
        low, high = INT_DIGITS + 1, 2 * INT_DIGITS
        length = build.ite(build.lt(size, const(low)), const(low), build.ite(build.lt(const(high), size),
                                                                          const(high), size))
        chars = []
        for j in range(high):
            raw = approx.approx(f"str#{key}.long[{j}]", (), Sort.INT)
            first = const(49 if j == 0 else 48)
            digit = build.and_(build.le(first, raw), build.le(raw, const(57)))
            chars.append(build.ite(digit, raw, first))
        return Seq(length, tuple(chars))

    def _nat_to_str(self, n: Term) -> Seq:
        """str(n) for n >= 0 (empty for n < 0), exact for n < 10**INT_DIGITS.

        The digits are fresh variables d_k (0 <= d_k <= 9) tied to n by the linear
        equation n == sum(d_k * 10**k) + 10**INT_DIGITS * high: a linear query.
        Writing digit k as (n // 10**k) % 10 instead put 24 divisions in every
        query about str(n), and z3 took from 0.05 s to over 5 s, depending on the
        run, for the palindrome test of corpus p56."""
        key = self.fresh_id(n)
        digits = [var(f"str#{key}.d{k}", Sort.INT) for k in range(INT_DIGITS)]
        high = var(f"str#{key}.high", Sort.INT)
        value = build.mul(const(10 ** INT_DIGITS), high)
        for k, d in enumerate(digits):
            value = build.add(value, build.mul(const(10 ** k), d))
        tie = build.or_(build.lt(n, _ZERO), build.and_(build.le(_ZERO, high), build.eq(n, value)))
        for d in digits:
            self.aux[d] = build.and_(build.le(_ZERO, d), build.le(d, const(9)), tie)
        self.aux[high] = tie
        length = const(INT_DIGITS)
        for d in range(INT_DIGITS - 1, 0, -1):
            length = build.ite(build.lt(n, const(10 ** d)), const(d), length)
        length = build.ite(build.lt(n, _ZERO), _ZERO, length)
        chars = []
        for j in range(INT_DIGITS):
            c = NO_CHAR
            for d in range(INT_DIGITS, j, -1):
                c = build.ite(build.eq(length, const(d)), build.add(digits[d - 1 - j], const(48)), c)
            chars.append(c)
        return Seq(length, tuple(chars))

    # -- predicates and integer functions of strings -------------------------------
    def _string_predicate(self, t: Term) -> Term:
        op, a = t.op, t.args
        if op == "len":
            return self.seq(a[0]).length
        if op == "to_code":
            s = self.seq(a[0])
            return build.ite(build.eq(s.length, _ONE), s.char(0), NO_CHAR)
        if op == "str_to_int":
            return self._str_to_int(self.seq(a[0]))
        if op == "eq":
            return self._equal(self.seq(a[0]), self.seq(a[1]))
        if op == "lt":
            return self._less(self.seq(a[0]), self.seq(a[1]), 0)
        if op == "le":
            x, y = self.seq(a[0]), self.seq(a[1])
            return build.or_(self._less(x, y, 0), self._equal(x, y))
        if op == "prefixof":
            p, s = self.seq(a[0]), self.seq(a[1])
            return build.and_(build.le(p.length, s.length),
                              *(_implies(build.lt(const(k), p.length), build.eq(p.chars[k], s.char(k)))
                                for k in range(p.capacity)))
        if op == "suffixof":
            p, s = self.seq(a[0]), self.seq(a[1])
            shift = build.sub(s.length, p.length)
            return build.and_(build.le(p.length, s.length),
                              *(_implies(build.lt(const(k), p.length),
                                         build.eq(p.chars[k], s.char_at(build.add(shift, const(k)))))
                                for k in range(p.capacity)))
        if op in text_lowering.VALUES:
            return text_lowering.VALUES[op](self, t)
        if op == "contains":
            s, sub = self.seq(a[0]), self.seq(a[1])
            return build.or_(*(self._match(s, sub, i) for i in range(s.capacity + 1)))
        if op == "find":
            s, sub, start = self.seq(a[0]), self.seq(a[1]), self._int(a[2])
            out = const(-1)
            for i in range(s.capacity, -1, -1):
                found = build.and_(build.le(start, const(i)), self._match(s, sub, i))
                out = build.ite(found, const(i), out)
            return build.ite(build.lt(start, _ZERO), const(-1), out)
        raise NotImplementedError(f"no bounded-string lowering for {op}")

    def _match(self, s: Seq, sub: Seq, i: int) -> Term:
        """Does `sub` occur in `s` at the constant position i?"""
        fits = build.le(build.add(const(i), sub.length), s.length)
        return build.and_(fits, *(_implies(build.lt(const(k), sub.length), build.eq(sub.chars[k], s.char(i + k)))
                                  for k in range(sub.capacity)))

    def _equal(self, x: Seq, y: Seq) -> Term:
        same = [_implies(build.lt(const(k), x.length), build.eq(x.chars[k], y.chars[k]))
                for k in range(min(x.capacity, y.capacity))]
        return build.and_(build.eq(x.length, y.length), *same)

    def _less(self, x: Seq, y: Seq, j: int) -> Term:
        """x < y in Python's (code point, lexicographic) order, from position j on."""
        out = build.lt(x.length, y.length)  # past the last position both may have
        for k in range(min(x.capacity, y.capacity) - 1, j - 1, -1):
            kk = const(k)
            a, b = x.chars[k], y.chars[k]
            step = build.ite(build.lt(a, b), build.const(True), build.and_(build.eq(a, b), out))
            out = build.ite(build.le(x.length, kk), build.lt(kk, y.length),
                            build.ite(build.le(y.length, kk), build.const(False), step))
        return out

    def _str_to_int(self, s: Seq) -> Term:
        valid = [build.le(_ONE, s.length)]
        value = _ZERO
        for k in range(s.capacity):
            inside = build.lt(const(k), s.length)
            c = s.chars[k]
            valid.append(_implies(inside, build.and_(build.le(const(48), c), build.le(c, const(57)))))
            value = build.ite(inside, build.add(build.mul(value, const(10)), build.sub(c, const(48))), value)
        return build.ite(build.and_(*valid), value, const(-1))

    # -- models ---------------------------------------------------------------
    def lift(self, v: Term, model: dict[Term, Any], hint: Any) -> str | bytes:
        """The string (bytes) a model gives input `v`; free positions keep the hint's."""
        raw = v.sort is Sort.BYTES
        hint = hint if isinstance(hint, bytes if raw else str) else (b"" if raw else "")
        n = model.get(self.length_var(v))
        n = len(hint) if n is None else n
        codes = []
        for k in range(n):
            code = model.get(self.char_var(v, k))
            if code is None:
                code = (hint[k] if raw else ord(hint[k])) if k < len(hint) else ord("a")
            codes.append(code)
        return bytes(codes) if raw else "".join(map(chr, codes))


class _LoweredDomains(Mapping):
    """The domains of a lowered query, computed only for the variables the backend
    asks about: a length or code-point variable takes its string's bounds (and the
    caller's domain of that string, lowered)."""

    def __init__(self, lowering: StringLowering, domains: Mapping[Term, Term], open_lengths: bool = False) -> None:
        self.lowering, self.domains, self.open_lengths = lowering, domains, open_lengths

    def __getitem__(self, v: Term) -> Term:
        owner = self.lowering.owner.get(v)
        if owner is None:
            aux = self.lowering.aux.get(v)
            return self.domains[v] if aux is None else aux
        d = self.lowering.domains(owner)[v]
        if self.open_lengths and v is self.lowering.length_var(owner):
            return build.le(_ZERO, v)    # a bound probe: longer than K (positions past K unknown)
        extra = self.domains.get(owner)
        if extra is not None and v is self.lowering.length_var(owner):
            d = build.and_(d, self.lowering.lower(extra))
        return d

    def __contains__(self, v) -> bool:
        return v in self.lowering.owner or v in self.lowering.aux or v in self.domains

    def __iter__(self):
        return iter(self.domains)

    def __len__(self) -> int:
        return len(self.domains)


class StringLoweringSolver:
    """The chain layer: lower the query, solve it, lift the model."""

    def __init__(self, inner: Solver, capacity: int) -> None:
        self.inner = inner
        self.lowering = StringLowering(capacity)

    def open_lengths_sat(self, query: Query) -> bool:
        """Is the query satisfiable when strings may be longer than the bound?  (The
        bound probe of engine/deepening: the same lowered terms, so z3's translation
        is reused, asked as a `fresh` query so no incremental solver is touched;
        positions past the bound stay absent.)"""
        return self.open_lengths_check(query).sat

    def open_lengths_check(self, query: Query) -> Answer:
        """`open_lengths_sat`'s answer, unknown included."""
        low = self.lowering
        constraints = tuple(low.lower(c) for c in query.constraints)
        return self.inner.check(Query(constraints, _LoweredDomains(low, query.domains, True), query.hints,
                                      fresh=True))

    def check(self, query: Query) -> Answer:
        low = self.lowering
        constraints = tuple(low.lower(c) for c in query.constraints)
        answer = self.inner.check(replace(query, constraints=constraints, domains=_LoweredDomains(low, query.domains)))
        if answer.model is None:
            return answer
        model = dict(answer.model)
        lifted: dict[Term, Any] = {}
        for c in query.constraints:
            for v in c.free:
                if v.sort in _TEXT:
                    if v not in lifted:
                        lifted[v] = low.lift(v, model, query.hints.get(v))
                elif v in model:
                    lifted[v] = model[v]
        if answer.sat:
            return Answer(answer.status, lifted)
        # A candidate from an abstraction (terms/approx): real only if Python agrees.
        try:
            real = all(evaluate(c, lifted) for c in query.constraints)
        except Exception:  # noqa: BLE001 - a value the operators reject: not a model
            real = False
        return Answer(Status.SAT, lifted) if real else \
            Answer(Status.UNKNOWN, why=answer.why or "the string abstraction's candidate failed the check")
