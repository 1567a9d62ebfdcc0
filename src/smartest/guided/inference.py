"""May- and must-unverified conditions (§3.2, §3.3) and where to place them (§3.4).

Three backward predicate transformers run over each function's boolean
abstraction (`abstraction.py`), by abstract interpretation to a greatest fixed
point (loops, recursion):

    WP(assert * verified A, R)  = A ∧ R           WP(a := a && *, R) = R ∧ R[a := false]
    MUST_all(assert ..., R)     = ¬A ∧ R          WP(init, R)        = R[every a := true]
    MUST_assert(assert ..., R)  = true

    MAY(p)  = ¬WP(S, true)                         some execution from p may be unverified
    MUST(p) = MUST_assert(S, false) ∧ MUST_all(S, true)   every execution from p is

The update `a := a && *` can only keep `a` or make it false, so its transformer
is `R ∧ R[a := false]` (the paper writes `∀b. R[a := b]`, which is weaker
precision for the same soundness; Figure 4's `{!a}` before the update needs
ours).  A call of a function of the same module counts as that function's body
seen from outside: its own assumptions start true, so its WP, MUST_all and
MUST_assert at entry are constants (`Summary`), computed for all functions of
the module together to a fixed point.  A call that names no function of the
module (a builtin, a library, another module) is assumed correct, as modular
verification assumes of callees; one that names a method of an unknown object
stands for every function of the module with that name.

Placement follows §3.2–3.4: an `assume(MAY)` goes before a statement unless MAY
is true there or the assumptions already enforced on every path to it imply it
(a forward analysis of what the earlier `assume`s established, which is the
paper's "not different from the previous program point" made exact); a
`tryfirst(MUST)` goes where MUST, on the states constant propagation says are
reachable, is neither always false nor always true and differs from the
previous program point; in the combined configuration a `tryfirst` equivalent
to the `assume` at the same point is left out.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass

from smartest.guided.abstraction import FunctionGraph

CONFIGURATIONS = ("off", "may", "must", "may-must")


@dataclass(frozen=True)
class Summary:
    """A callee seen from a caller: constants at its entry."""

    verified: bool        # every execution of it is verified (WP = true)
    all_unverified: bool  # every assertion it runs has a false supposition (MUST_all = true)
    must_assert: bool     # every execution of it that returns runs an assertion


ASSUMED_CORRECT = Summary(True, True, False)    # an unresolved call: modular, as in the paper
UNKNOWN = Summary(False, False, False)          # a function the abstraction gave up on


@dataclass
class Conditions:
    """The fixed points of one function: values at the entry of each node."""

    graph: FunctionGraph
    wp: list[int]
    must_all: list[int]
    must_assert: list[int]
    known: list[int]          # constant propagation: states that can reach the node

    @property
    def space(self):
        return self.graph.space

    def may(self, node: int) -> int:
        return self.space.not_(self.wp[node])

    def must(self, node: int) -> int:
        return self.must_assert[node] & self.must_all[node]

    def may_after(self, node: int) -> int:
        """MAY once the node's own operation is done (the rest of a call's statement,
        and what follows it): for a frame that is inside that call."""
        n = self.graph.nodes[node]
        out = self.space.true
        for j in (*n.succ, *n.exc):
            out &= self.wp[j]
        return self.space.not_(out)

    def summary(self) -> Summary:
        e = self.graph.entry
        return Summary(self.wp[e] == self.space.true, self.must_all[e] == self.space.true,
                       self.must_assert[e] == self.space.true)


def _backward(g: FunctionGraph, transfer, exit_value: int, preds: list[list[int]]) -> list[int]:
    space = g.space
    values = [space.true] * len(g.nodes)
    work = list(range(len(g.nodes)))
    queued = set(work)
    while work:
        i = work.pop()
        queued.discard(i)
        n = g.nodes[i]
        targets = (*n.succ, *n.exc)
        if targets:
            after = space.true
            for j in targets:
                after &= values[j]
        else:
            after = exit_value
        new = transfer(n.op, after)
        if new != values[i]:
            values[i] = new
            for p in preds[i]:
                if p not in queued:
                    queued.add(p)
                    work.append(p)
    return values


def _forward(g: FunctionGraph, step, preds: list[list[int]]) -> list[int]:
    """Least fixed point of a forward analysis of reachable states (union at joins);
    `step(node, value_in) -> value_out`.  Returns the values at node entries."""
    space = g.space
    values_in = [space.false] * len(g.nodes)
    values_in[g.entry] = space.true
    work = [g.entry]
    queued = {g.entry}
    while work:
        i = work.pop()
        queued.discard(i)
        out = step(i, values_in[i])
        n = g.nodes[i]
        for j in (*n.succ, *n.exc):
            merged = values_in[j] | out
            if merged != values_in[j]:
                values_in[j] = merged
                if j not in queued:
                    queued.add(j)
                    work.append(j)
    return values_in


def _substitutions(space):
    def state(op: tuple, r: int) -> int | None:
        if op[0] == "init":
            for name in space.names:
                r = space.with_true(r, name)
            return r
        if op[0] == "havoc":
            return r & space.with_false(r, op[1])
        return None
    return state


def analyze(g: FunctionGraph, summaries: dict[str, Summary]) -> Conditions:
    """The three backward conditions and the reachable states of one function."""
    space = g.space
    preds = g.predecessors()
    state = _substitutions(space)

    def callee(op: tuple) -> Summary:
        found = [summaries.get(k, ASSUMED_CORRECT) for k in op[1]]
        if not found:
            return ASSUMED_CORRECT
        return Summary(all(s.verified for s in found), all(s.all_unverified for s in found),
                       all(s.must_assert for s in found))

    def wp(op, r):
        s = state(op, r)
        if s is not None:
            return s
        if op[0] == "assert":
            return op[1] & r
        if op[0] == "call":
            return r if callee(op).verified else space.false
        return r

    def must_all(op, r):
        s = state(op, r)
        if s is not None:
            return s
        if op[0] == "assert":
            return space.not_(op[1]) & r
        if op[0] == "call":
            return r if callee(op).all_unverified else space.false
        return r

    def must_assert(op, r):
        if op[0] == "assert" or (op[0] == "call" and callee(op).must_assert):
            return space.true
        return r

    def reach(i: int, r: int) -> int:
        op = g.nodes[i].op
        if op[0] == "init":
            out = space.true
            for name in space.names:
                out &= space.var(name)
            return out
        if op[0] == "havoc":
            return space.after_havoc(r, op[1])
        return r

    return Conditions(g, _backward(g, wp, space.true, preds), _backward(g, must_all, space.true, preds),
                      _backward(g, must_assert, space.false, preds), _forward(g, reach, preds))


def analyze_module(graphs: list[FunctionGraph]) -> list[Conditions | None]:
    """Every function of a module (None for those with too many identifiers), with
    callee summaries iterated to a fixed point (they start optimistic and only
    weaken, so this terminates).  A name defined twice gets the weaker summary."""
    summaries = {g.qualname: Summary(True, True, True) for g in graphs}
    while True:
        results = [analyze(g, summaries) if g.space is not None else None for g in graphs]
        updated: dict[str, Summary] = {}
        for g, c in zip(graphs, results):
            s = c.summary() if c is not None else UNKNOWN
            old = updated.get(g.qualname, s)
            updated[g.qualname] = Summary(s.verified and old.verified, s.all_unverified and old.all_unverified,
                                          s.must_assert and old.must_assert)
        if updated == summaries:
            return results
        summaries = updated


# -- placement ------------------------------------------------------------------

@dataclass(frozen=True)
class Placement:
    """One instrumentation statement: before `stmt`, `assume` (may) or `tryfirst` (must)."""

    stmt: ast.stmt
    kind: str            # "assume" | "tryfirst"
    table: int
    formula: str
    names: tuple[str, ...]   # identifiers the condition depends on

    @property
    def line(self) -> int:
        return self.stmt.lineno


def _modifies(op: tuple) -> bool:
    return op[0] in ("init", "havoc")


def placements(c: Conditions, configuration: str) -> list[Placement]:
    """Where the configuration instruments this function, in statement order."""
    if configuration not in CONFIGURATIONS:
        raise ValueError(f"unknown configuration {configuration!r}")
    g, space = c.graph, c.space
    out: list[Placement] = []
    may_points = set(c.graph.points.values())
    if configuration in ("may", "may-must"):
        enforced = _enforced(c, may_points)
        for sid, p in g.points.items():
            m = c.may(p)
            if m != space.true and not space.implies(enforced[p], m):
                out.append(_placement(g, sid, "assume", m))
    if configuration in ("must", "may-must"):
        preds = g.predecessors()

        def effective(i: int) -> int:
            return c.must(i) & c.known[i]

        for sid, p in g.points.items():
            reach, m = c.known[p], c.must(p)
            if reach & m == 0 or space.implies(reach, m):
                continue     # constant on every reachable state: nothing to prioritize
            if configuration == "may-must" and (c.may(p) & reach) == (m & reach):
                continue     # the assume at this point already keeps only these executions
            if preds[p] and all(effective(q) == effective(p) and not _modifies(g.nodes[q].op) for q in preds[p]):
                continue
            out.append(_placement(g, sid, "tryfirst", m))
    order = {"tryfirst": 0, "assume": 1}     # §3.4: the tryfirst statement comes first
    return sorted(out, key=lambda pl: (pl.stmt.lineno, pl.stmt.col_offset, order[pl.kind]))


def _placement(g: FunctionGraph, sid: int, kind: str, table: int) -> Placement:
    return Placement(g.statements[sid], kind, table, g.space.formula(table), tuple(g.space.used(table)))


def _enforced(c: Conditions, points: set[int]) -> list[int]:
    """What the assumes placed so far guarantee at each node: reachable states,
    narrowed by MAY at every point (an omitted assume was already implied)."""
    g, space = c.graph, c.space

    def step(i: int, r: int) -> int:
        op = g.nodes[i].op
        if op[0] == "init":
            out = space.true
            for name in space.names:
                out &= space.var(name)
            r = out
        elif op[0] == "havoc":
            r = space.after_havoc(r, op[1])
        if i in points:
            r &= c.may(i)
        return r

    return _forward(g, step, g.predecessors())
