"""Values a person would try: a search among them before z3, and polishing after.

z3's floating point is bit-blasted: a query with a product, a quotient or a square
root of doubles takes seconds (`x * x + x == 6.0`: over 20 s), and its models are
whatever double the search reached first (1.2500000000291038 for `x > 1.25`).  Most
float branches of real code are about the values people test by hand: zero and -0.0,
nan, the infinities, the smallest subnormal, the largest double, the constants the
code compares with and their neighbouring doubles; and for text parsed as a number,
the spellings of numbers ("1.5", "-0", "1e5", "inf", "nan").  So for a query that
mentions a float this layer first tries those values, one variable at a time and then two,
starting from the current inputs (which satisfy every condition but the negated
one); a candidate is kept only if every constraint holds under Python's semantics,
so the search can only answer *sat* correctly, and what it cannot find goes to z3.
After z3 answers *sat*, each float is *polished*: the current value, then the
boundary values, replace the solver's value wherever every constraint still holds.

This matters beyond speed and readability: code behind a call no solver sees (DART's
concrete fallback, `math.sin` in the mixed-solving paper's example) is reached when
the input lands on the boundary the path constraint names (x = 1.25 there).
"""
from __future__ import annotations

import itertools
import math
from dataclasses import replace
from typing import Any, Iterable

from smartest.solver.protocol import Answer, Query, Solver, Status
from smartest.terms import Term
from smartest.terms.rewrite import any_below
from smartest.terms.evaluate import evaluate
from smartest.terms.term import Sort

# Spellings tried for a string the query parses as a number (float() is exact but its
# formula is large: a search that finds "inf" saves seconds of bit-blasting).
NUMBER_TEXTS = ("0", "1", "-1", "7", "10", "0.5", "1.5", "-2.5", "1.", ".5", "1e5", "1e-5", "-0",
                "inf", "-inf", "nan", "Infinity", " 1 ", "1_0", "x", "")
SPECIAL = (0.0, -0.0, 1.0, -1.0, 0.5, math.inf, -math.inf, math.nan, 5e-324, -5e-324,
           2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308)
COSTLY = frozenset({"fmul", "fdiv", "fsqrt", "fmod", "i2f", "f2i", "itruediv", "parse_float"})
_NEUTRAL = {Sort.FLOAT: 0.0, Sort.INT: 0, Sort.BOOL: False, Sort.STR: ""}
PAIR_BUDGET = 3000    # evaluations spent on pairs of variables before asking z3


def _constants(terms: Iterable[Term]) -> tuple[set, set]:
    floats, ints = set(), set()
    seen: set = set()
    stack = list(terms)
    while stack:
        cur = stack.pop()
        if cur in seen:
            continue
        seen.add(cur)
        if cur.op == "const":
            if cur.sort is Sort.FLOAT:
                floats.add(cur.value)
            elif cur.sort is Sort.INT and abs(cur.value) < 1 << 64:
                ints.add(cur.value)
        stack.extend(cur.args)
    return floats, ints


def _ordered(values: Iterable[Any]) -> list:
    out, seen = [], set()
    for v in values:
        key = (type(v), v.hex() if type(v) is float else v)
        if key not in seen:
            seen.add(key)
            out.append(v)
    return out


def float_candidates(constraints: tuple[Term, ...], hint: Any, other_hints: Iterable[Any]) -> list[float]:
    consts, ints = _constants(constraints)
    out: list[float] = [hint] if type(hint) is float else []
    for c in sorted((c for c in consts if c == c), key=abs) + [c for c in consts if c != c]:
        out += [c, math.nextafter(c, math.inf), math.nextafter(c, -math.inf)]
    for n in sorted(ints | {h for h in other_hints if type(h) is int}, key=abs):
        try:
            f = float(n)
        except OverflowError:
            continue
        out += [f, f + 0.5, f - 0.5, math.nextafter(f, math.inf), math.nextafter(f, -math.inf)]
    return _ordered(out + list(SPECIAL))


def int_candidates(constraints: tuple[Term, ...], hint: Any, other_hints: Iterable[Any]) -> list[int]:
    consts, ints = _constants(constraints)
    out: list[int] = [hint] if type(hint) is int else []
    for c in sorted(ints, key=abs):
        out += [c, c + 1, c - 1]
    for f in list(consts) + [h for h in other_hints if type(h) is float]:
        if f == f and f not in (math.inf, -math.inf):
            out += [math.floor(f), math.ceil(f)]
    return _ordered(out + [0, 1, -1])


def str_candidates(constraints: tuple[Term, ...], hint: Any) -> list[str]:
    out: list[str] = [hint] if type(hint) is str else []
    seen: set = set()
    stack, texts = list(constraints), []
    while stack:
        cur = stack.pop()
        if cur in seen:
            continue
        seen.add(cur)
        if cur.op == "const" and cur.sort is Sort.STR:
            texts.append(cur.value)
        stack.extend(cur.args)
    return _ordered(out + sorted(texts, key=len) + list(NUMBER_TEXTS))


def _holds(constraints, env) -> bool:
    try:
        return all(evaluate(c, env) for c in constraints)
    except Exception:  # noqa: BLE001 - a term Python cannot evaluate here: not a model
        return False


def search(query: Query) -> dict | None:
    """A model among the values people try, or None."""
    cs = query.constraints
    free = sorted({v for c in cs for v in c.free}, key=lambda v: str(v.value))
    if any(v.sort not in _NEUTRAL for v in free):
        return None
    cs = cs + tuple(query.domains[v] for v in free if v in query.domains)
    # A variable without a current value (mixed solving withholds the arguments of
    # opaque calls) starts from its sort's neutral value; its pool still holds the
    # query's constants, which is where such a branch usually turns (x >= 1.25).
    env = {v: query.hints.get(v, _NEUTRAL[v.sort]) for v in free}
    hints = list(env.values())
    pool = {}
    for v in free:
        if v.sort is Sort.FLOAT:
            pool[v] = float_candidates(cs, env[v], hints)
        elif v.sort is Sort.INT:
            pool[v] = int_candidates(cs, env[v], hints)
        elif v.sort is Sort.STR:
            pool[v] = str_candidates(cs, env[v])
        else:
            pool[v] = [env[v], not env[v]]
    last = [v for v in free if v in cs[-1].free] if cs else []
    for v in last + [v for v in free if v not in last]:
        for value in pool[v]:
            trial = dict(env)
            trial[v] = value
            if _holds(cs, trial):
                return trial
    budget = PAIR_BUDGET
    pairs = [(v, w) for v, w in itertools.combinations(free, 2) if v in last or w in last]
    for v, w in pairs:
        for a, b in itertools.product(pool[v], pool[w]):
            budget -= 1
            if budget < 0:
                return None
            trial = dict(env)
            trial[v], trial[w] = a, b
            if _holds(cs, trial):
                return trial
    return None


class TrialValuesSolver:
    """The chain layer: for float queries search first, then ask the inner solver and
    polish its model; for others search only where the inner solver gave up."""

    def __init__(self, inner: Solver, stats=None) -> None:
        self.inner = inner
        self.stats = stats
        self._floaty: dict[Term, bool] = {}
        self._costs: dict[Term, bool] = {}

    def _mentions_float(self, t: Term) -> bool:
        return any_below(t, self._floaty, lambda u: u.sort is Sort.FLOAT)

    def _costly(self, t: Term) -> bool:
        return any_below(t, self._costs, lambda u: u.op in COSTLY)

    def check(self, query: Query) -> Answer:
        floaty = any(self._mentions_float(c) for c in query.constraints)
        if floaty:
            found = search(query)
            if found is not None:
                return Answer(Status.SAT, found)
            # A product or quotient of doubles costs z3 seconds: if the cheap conditions
            # alone are contradictory (x > 1e308 and x <= 0), that is the answer.
            cheap = tuple(c for c in query.constraints if not self._costly(c))
            if cheap and len(cheap) < len(query.constraints) and \
                    self.inner.check(replace(query, constraints=cheap)).status is Status.UNSAT:
                return Answer(Status.UNSAT)
        answer = self.inner.check(query)
        if answer.status is Status.UNKNOWN and not floaty:
            # z3 gave up (non-linear integer division, a timeout): try the values anyway.
            found = search(query)
            if found is not None:
                return Answer(Status.SAT, found)
        if not answer.sat or not answer.model:
            return answer
        return Answer(answer.status, polish(query, dict(answer.model)) if floaty else answer.model)


def polish(query: Query, model: dict) -> dict:
    """The current value, then boundary values, for each float of a model."""
    hints = list(query.hints.values())
    for v in [v for v in model if v.sort is Sort.FLOAT]:
        mine = tuple(c for c in query.constraints if v in c.free)
        for value in float_candidates(mine, query.hints.get(v), hints):
            if value == model[v] and math.copysign(1, value) == math.copysign(1, model[v]):
                break  # the solver's own value comes first among equals
            trial = dict(model)
            trial[v] = value
            if _holds(mine, trial):
                model = trial
                break
    return model
