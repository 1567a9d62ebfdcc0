"""Boolean functions over a function's assumption identifiers, as truth tables.

The boolean abstraction of §3 (Christakis, Müller, Wüstholz, ICSE'16) only has
assumption identifiers as variables, and a function rarely has more than a few,
so a condition is stored exactly as its truth table: an int whose bit `i` is set
when the assignment `i` (bit `k` of `i` is the value of identifier `k`) satisfies
it.  Conjunction, disjunction and negation are `&`, `|` and `^ true`; equality
and implication are exact; the substitutions the predicate transformers need
(`R[a := true]`, `R[a := false]`) are two shifts.  The paper keeps sets of cubes;
tables are canonical, so "not different from the condition at the previous
program point" is an integer comparison.

`Space.formula` turns a table back into a short disjunction of cubes (Quine–
McCluskey) in Python syntax, e.g. `not a or (b and not c)`, which is what the
instrumentation passes to the runtime and what people read.  `parse` reads a
supposition written the same way (`and`, `or`, `not`, parentheses, `True`,
`False`; `true`/`false` are accepted too).
"""
from __future__ import annotations

import ast
from functools import lru_cache

MAX_IDENTIFIERS = 12          # 4,096-row tables; a function with more is not guided


class SuppositionError(ValueError):
    """A supposition or condition that is not a boolean formula over identifiers."""


@lru_cache(maxsize=None)
def parse_formula(text: str) -> tuple:
    """A formula as a small tree: ("const", bool) | ("var", name) | ("not", f) |
    ("and", f, ...) | ("or", f, ...)."""
    try:
        tree = ast.parse(text.strip() or "<empty>", mode="eval").body
    except SyntaxError:
        raise SuppositionError(f"{text!r} is not a boolean formula over assumption identifiers") from None
    return _convert(tree, text)


def _convert(node: ast.AST, text: str) -> tuple:
    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
        return ("const", node.value)
    if isinstance(node, ast.Name):
        if node.id in ("true", "false"):
            return ("const", node.id == "true")
        return ("var", node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return ("not", _convert(node.operand, text))
    if isinstance(node, ast.BoolOp):
        op = "and" if isinstance(node.op, ast.And) else "or"
        return (op, *(_convert(v, text) for v in node.values))
    raise SuppositionError(f"{text!r}: only identifiers, and, or, not, True and False may appear "
                           f"(found {ast.unparse(node)!r})")


def formula_names(tree: tuple) -> set[str]:
    if tree[0] == "var":
        return {tree[1]}
    if tree[0] == "const":
        return set()
    return set().union(*(formula_names(t) for t in tree[1:]))


class Space:
    """The boolean functions over a fixed tuple of identifiers."""

    def __init__(self, names) -> None:
        self.names = tuple(names)
        if len(self.names) > MAX_IDENTIFIERS:
            raise ValueError(f"{len(self.names)} assumption identifiers (at most {MAX_IDENTIFIERS})")
        self.index = {n: k for k, n in enumerate(self.names)}
        self.rows = 1 << len(self.names)
        self.true = (1 << self.rows) - 1
        self.false = 0
        self._vars = [self._var_table(k) for k in range(len(self.names))]

    def _var_table(self, k: int) -> int:
        width = 1 << k
        pattern, span = ((1 << width) - 1) << width, 2 * width   # `width` zeros then `width` ones
        while span < self.rows:
            pattern |= pattern << span
            span *= 2
        return pattern & self.true

    # -- algebra ---------------------------------------------------------------
    def var(self, name: str) -> int:
        return self._vars[self.index[name]]

    def not_(self, t: int) -> int:
        return t ^ self.true

    def implies(self, t: int, u: int) -> bool:
        return t & ~u & self.true == 0

    def with_true(self, t: int, name: str) -> int:
        """R[a := true]."""
        k = self.index[name]
        hi = t & self._vars[k]
        return hi | (hi >> (1 << k))

    def with_false(self, t: int, name: str) -> int:
        """R[a := false]."""
        k = self.index[name]
        lo = t & ~self._vars[k] & self.true
        return lo | (lo << (1 << k))

    def after_havoc(self, t: int, name: str) -> int:
        """The states `a := a && *` can reach from states satisfying t (t, and t with a
        made false)."""
        k = self.index[name]
        lo = t & ~self._vars[k] & self.true
        hi = t & self._vars[k]
        return t | lo | (hi >> (1 << k))

    def evaluate(self, tree: tuple) -> int:
        """The table of a parsed formula; its identifiers must be in this space."""
        kind = tree[0]
        if kind == "const":
            return self.true if tree[1] else self.false
        if kind == "var":
            if tree[1] not in self.index:
                raise SuppositionError(f"unknown assumption identifier {tree[1]!r}")
            return self.var(tree[1])
        if kind == "not":
            return self.not_(self.evaluate(tree[1]))
        parts = [self.evaluate(t) for t in tree[1:]]
        out = self.true if kind == "and" else self.false
        for p in parts:
            out = out & p if kind == "and" else out | p
        return out

    def parse(self, text: str) -> int:
        return self.evaluate(parse_formula(text))

    def holds(self, t: int, values: dict[str, bool]) -> bool:
        row = sum(1 << k for k, n in enumerate(self.names) if values.get(n, True))
        return bool(t >> row & 1)

    # -- printing --------------------------------------------------------------
    def formula(self, t: int) -> str:
        """A short equivalent disjunction of cubes, in Python syntax."""
        if t == self.true:
            return "True"
        if t == self.false:
            return "False"
        cubes = _cover(t, len(self.names))
        texts = []
        for value, care in cubes:
            lits = [(n if value >> k & 1 else f"not {n}") for k, n in enumerate(self.names) if care >> k & 1]
            texts.append(" and ".join(lits))
        if len(texts) == 1:
            return texts[0]
        return " or ".join(f"({x})" if " and " in x else x for x in texts)

    def used(self, t: int) -> list[str]:
        """The identifiers the condition depends on."""
        return [n for n in self.names if self.with_true(t, n) != self.with_false(t, n)]


def _cover(t: int, n: int) -> list[tuple[int, int]]:
    """Prime implicants of the table (Quine–McCluskey), then a greedy cover.
    A cube is (value, care): the rows whose `care` bits equal `value`'s."""
    full = (1 << n) - 1
    minterms = [i for i in range(1 << n) if t >> i & 1]
    current = {(m, full) for m in minterms}
    primes: set[tuple[int, int]] = set()
    while current:
        merged: set[tuple[int, int]] = set()
        used: set[tuple[int, int]] = set()
        by_care: dict[int, set[int]] = {}
        for value, care in current:
            by_care.setdefault(care, set()).add(value)
        for care, values in by_care.items():
            for value in values:
                for k in range(n):
                    bit = 1 << k
                    if care & bit and not value & bit and value | bit in values:
                        merged.add((value, care & ~bit))
                        used.add((value, care))
                        used.add((value | bit, care))
        primes |= current - used
        current = merged
    rows = set(minterms)
    chosen: list[tuple[int, int]] = []
    covers = {p: {m for m in rows if m & p[1] == p[0]} for p in primes}
    while rows:
        best = max(sorted(covers), key=lambda p: (len(covers[p] & rows), -bin(p[1]).count("1")))
        chosen.append(best)
        rows -= covers[best]
    return sorted(chosen, key=lambda p: (bin(p[1]).count("1"), p[1], p[0]))
