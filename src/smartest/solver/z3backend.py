"""The z3 backend: the only module that imports z3.

Terms are translated once and cached.  One z3 solver is kept with one push level
per asserted constraint; a query pops back to the longest prefix it shares with
the previous one and pushes the rest, so depth-first search along one path costs
one incremental check per query (DESIGN.md decision 5: 2.4-8.5x faster than a
fresh solver).  Python ints are z3 `Int`; Python `//` and `%` (floor semantics)
are rewritten onto z3's Euclidean `div`/`mod`.
"""
from __future__ import annotations

from typing import Any, Callable

import z3

from smartest.solver.protocol import Answer, Query, Status
from smartest.terms import Term
from smartest.terms.term import Sort


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


_OPS: dict[str, Callable[..., Any]] = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "neg": lambda a: -a,
    "floordiv": _py_div,
    "mod": _py_mod,
    "pow": lambda a, b: z3.ToInt(a ** b) if not z3.is_int(a ** b) else a ** b,
    "eq": lambda a, b: a == b,
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
    "not": z3.Not,
    "and": lambda *xs: z3.And(*xs),
    "or": lambda *xs: z3.Or(*xs),
    "ite": z3.If,
}


class Translator:
    """Term -> z3 expression, memoized on the (hash-consed) term."""

    def __init__(self) -> None:
        self.cache: dict[Term, Any] = {}

    def __call__(self, t: Term) -> Any:
        hit = self.cache.get(t)
        if hit is not None:
            return hit
        stack = [t]
        while stack:  # iterative post-order: deep path terms would overflow recursion
            cur = stack[-1]
            if cur in self.cache:
                stack.pop()
                continue
            pending = [a for a in cur.args if a not in self.cache]
            if pending:
                stack.extend(pending)
                continue
            stack.pop()
            self.cache[cur] = self._node(cur)
        return self.cache[t]

    def _node(self, t: Term) -> Any:
        if t.op == "var":
            return {Sort.INT: z3.Int, Sort.BOOL: z3.Bool}[t.sort](t.value)
        if t.op == "const":
            return z3.BoolVal(t.value) if t.sort is Sort.BOOL else z3.IntVal(t.value)
        return _OPS[t.op](*(self.cache[a] for a in t.args))


def _model_value(model: z3.ModelRef, v: Term, zv: Any) -> Any:
    if v.sort is Sort.INT:
        return model.eval(zv, model_completion=True).as_long()
    return z3.is_true(model.eval(zv, model_completion=True))


class _Incremental:
    """One incremental z3 solver.  Each push level holds one constraint of a query
    and the domains of the variables it is the first to mention, so the domains
    never break the prefix that consecutive queries share."""

    def __init__(self, translate: Translator, timeout_ms: int) -> None:
        self.translate = translate
        self.solver = z3.Solver()
        self.solver.set("timeout", int(timeout_ms))
        self.stack: list[tuple[Term, tuple[Term, ...]]] = []  # (constraint, variables bounded here)
        self.bounded: set[Term] = set()

    def sync(self, constraints: tuple[Term, ...], domains) -> None:
        common = 0
        limit = min(len(self.stack), len(constraints))
        while common < limit and self.stack[common][0] is constraints[common]:
            common += 1
        if common < len(self.stack):
            self.solver.pop(len(self.stack) - common)
            for _, vs in self.stack[common:]:
                self.bounded.difference_update(vs)
            del self.stack[common:]
        for c in constraints[common:]:
            self.solver.push()
            fresh = tuple(v for v in c.free if v not in self.bounded and v in domains)
            for v in fresh:
                self.solver.add(self.translate(domains[v]))
            self.bounded.update(fresh)
            self.solver.add(self.translate(c))
            self.stack.append((c, fresh))


class Z3Backend:
    """A few incremental solvers, one per first constraint of a (sliced) query.

    Independence slicing makes consecutive queries alternate between unrelated
    inputs (strcmp/testme: the s1 part, then the s2 part); with a single solver
    each switch pops the whole stack and pushes the other prefix again (16 pushes
    per query measured at n=16).  Queries that share a prefix share its first
    constraint, so one solver per first constraint keeps each prefix in place."""

    POOL = 8

    def __init__(self, timeout_ms: int = 5000) -> None:
        self.translate = Translator()
        self.timeout_ms = timeout_ms
        self.pool: dict[Term | None, _Incremental] = {}

    def _solver_for(self, key: Term | None) -> _Incremental:
        inc = self.pool.pop(key, None)
        if inc is None:
            if len(self.pool) >= self.POOL:
                del self.pool[next(iter(self.pool))]  # least recently used
            inc = _Incremental(self.translate, self.timeout_ms)
        self.pool[key] = inc
        return inc

    def check(self, query: Query) -> Answer:
        variables = {v for c in query.constraints for v in c.free}
        inc = self._solver_for(query.constraints[0] if query.constraints else None)
        inc.sync(query.constraints, query.domains)
        result = inc.solver.check()
        if result == z3.sat:
            model = inc.solver.model()
            values = {v: _model_value(model, v, self.translate(v)) for v in variables}
            return Answer(Status.SAT, values)
        if result == z3.unsat:
            return Answer(Status.UNSAT)
        return Answer(Status.UNKNOWN)


def to_smtlib(query: Query) -> str:
    s = z3.Solver()
    t = Translator()
    for c in query.constraints:
        s.add(t(c))
    return s.to_smt2()
