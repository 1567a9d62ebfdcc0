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


def _str_val(s: str) -> z3.SeqRef:
    # z3 reads \u{..} escapes inside string literals: escape every character that
    # could be misread (backslash, control, non-ASCII) so the literal is exact.
    out = []
    for ch in s:
        o = ord(ch)
        if ch == "\\" or o < 32 or o > 126:
            out.append("\\u{%x}" % o)
        else:
            out.append(ch)
    return z3.StringVal("".join(out))


def _py_div(a, b):
    q = a / b  # z3 Int division is Euclidean
    exact = (a % b) == 0
    return z3.If(z3.Or(b > 0, exact), q, q - 1)


def _py_mod(a, b):
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
    "lt": lambda a, b: a < b,    # z3 overloads < and <= on strings as str.< / str.<=
    "le": lambda a, b: a <= b,
    "not": z3.Not,
    "and": lambda *xs: z3.And(*xs),
    "or": lambda *xs: z3.Or(*xs),
    "ite": z3.If,
    "len": z3.Length,
    "concat": lambda a, b: z3.Concat(a, b),
    "at": lambda s, i: z3.SubString(s, i, 1),
    "substr": z3.SubString,
    "find": z3.IndexOf,
    "to_code": z3.StrToCode,
    "from_code": z3.StrFromCode,
    "prefixof": z3.PrefixOf,
    "suffixof": z3.SuffixOf,
    "contains": z3.Contains,
    "str_to_int": z3.StrToInt,
    "int_to_str": z3.IntToStr,
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
            return {Sort.INT: z3.Int, Sort.STR: z3.String, Sort.BOOL: z3.Bool}[t.sort](t.value)
        if t.op == "const":
            if t.sort is Sort.BOOL:
                return z3.BoolVal(t.value)
            if t.sort is Sort.INT:
                return z3.IntVal(t.value)
            return _str_val(t.value)
        return _OPS[t.op](*(self.cache[a] for a in t.args))


def _model_value(model: z3.ModelRef, v: Term, zv: Any) -> Any:
    if v.sort is Sort.INT:
        return model.eval(zv, model_completion=True).as_long()
    if v.sort is Sort.BOOL:
        return z3.is_true(model.eval(zv, model_completion=True))
    # Read strings code point by code point: as_string() prints escapes ambiguously.
    n = model.eval(z3.Length(zv), model_completion=True).as_long()
    return "".join(
        chr(model.eval(z3.StrToCode(z3.SubString(zv, i, 1)), model_completion=True).as_long())
        for i in range(n)
    )


class Z3Backend:
    def __init__(self, timeout_ms: int = 5000) -> None:
        self.translate = Translator()
        self.solver = z3.Solver()
        self.solver.set("timeout", int(timeout_ms))
        self.stack: list[Term] = []

    def _sync(self, constraints: list[Term]) -> None:
        common = 0
        limit = min(len(self.stack), len(constraints))
        while common < limit and self.stack[common] is constraints[common]:
            common += 1
        if common < len(self.stack):
            self.solver.pop(len(self.stack) - common)
            del self.stack[common:]
        for c in constraints[common:]:
            self.solver.push()
            self.solver.add(self.translate(c))
            self.stack.append(c)

    def check(self, query: Query) -> Answer:
        variables = sorted({v for c in query.constraints for v in c.free}, key=lambda v: v.value)
        domains = [query.domains[v] for v in variables if v in query.domains]
        self._sync([*domains, *query.constraints])
        result = self.solver.check()
        if result == z3.sat:
            model = self.solver.model()
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
