"""DART's negation as the last resort of every strategy, keyed by the constraint itself.

A strategy's searcher keeps its frontier in execution trees whose nodes are branch
decisions.  Once a value fell back on its concrete value (a hash, a C routine), the
condition at a node depends on that value: `y == hash(x)` is `y == 4108050209` on
one run and `y == 2212294583` on the next, along the same decisions.  A side the
tree marks explored (or diverged) under one value may be open under another, and a
searcher that trusts its tree stops with feasible branches left.

This fallback sees every real run and offers, deepest branch of the newest run
first (DART's order), the negation of each branch whose exact constraint prefix no
run has taken and no fallback candidate has tried: a trie of (site, term, side)
steps, so on programs without concretization it proposes nothing a tree would not,
and with it, each new concrete context gets its own try.  The engine asks it only
when the strategy's own frontier is empty and the search is not complete.

A compositional policy may stand a fresh variable for what a call returned
(`demand:r#0`, a summary's result) or for a callee's formal (`f#0.x`).  When the
policy says what each stands for over the inputs (`RunNotes.info["to_root"]`:
demand's formals and returned values, SMART's formals), the path is rewritten with
it first, which is the constraint DART records.  Any variable left that is not an
input is pinned, in a step's key and in its candidate, at the value it had in that
run: DART's fallback on the concrete value of an unknown function.  A variable the
path itself binds by an assumption (`a#0 == x`: LATEST's formal of an expanded call,
which a callee returning its argument hands back to the caller) is not unknown: it is
never pinned, or every negation of a branch on it after the call would be refused.

`select_assumption` offers only the satisfaction of violated assumptions (`assume`
that failed), and the engine asks it even when the strategy calls its search
complete: demand's trees keep no side for a pruned run, so a first random run that
violated an assumption ended its search `complete` after one run.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Mapping, Sequence

from smartest.search.protocol import Candidate, decisions
from smartest.symbolic.realize import realize
from smartest.terms import Term, build, const
from smartest.terms.rewrite import transform
from smartest.trace.path import Branch, path_constraint
from smartest.trace.recorder import CallRecord

_TRIED = object()   # the marker of a step a candidate aimed at


class ConstraintFallback:
    def __init__(self, inputs: Iterable[str]) -> None:
        self._inputs = frozenset(inputs)     # names of the input variables; any other is pinned
        self._root: dict = {}
        self._runs: list[tuple] = []         # (path, assignment, calls) not yet in the trie
        self._stack: list[list] = []         # [path, assignment, trie nodes along it, pins, next index]
        self.violated = False               # some run violated an assumption
        self.active = False
        self.recorded = 0                    # real runs seen: none, and there is nothing to negate

    def record(self, path: Sequence[Branch], assignment: Mapping[str, Any], calls: Sequence[CallRecord],
               to_root: Mapping[Term, Term] | None = None, whole: bool = True) -> None:
        """A real run: its steps are taken; its branches are candidates once active.
        `to_root`: the policy's terms over the inputs for the run's local variables.
        A path that is not `whole` (SMART's region) only says whether it was pruned:
        its branches do not start at the entry, so no negation of them is a path."""
        if not self.violated:
            self.violated = any(not b.flippable and not b.taken for b in path)
        if not whole:
            return
        self.recorded += 1
        if self.active:
            self._push(path, assignment, calls, to_root)
        else:
            self._runs.append((path, dict(assignment), calls, to_root))

    def fresh(self) -> "ConstraintFallback":
        """An empty fallback over the same inputs that remembers a violated assumption:
        DART's search starting over from whole runs."""
        out = ConstraintFallback(self._inputs)
        out.violated = self.violated
        return out

    def select(self) -> Candidate | None:
        """The next negation no run has taken, or None when every one was tried."""
        if not self.active:
            self.select_ready()
        while self._stack:
            entry = self._stack[-1]
            path, assignment, nodes, pins, j = entry
            for i in range(j, -1, -1):
                b, parent = path[i], nodes[i]
                key = (b.site, b.term, not b.taken, self._pinned(b.term, pins))
                if (not b.flippable and b.taken) or key in parent:
                    continue
                parent[key] = _TRIED
                entry[4] = i - 1
                return self._candidate(path, i, assignment, pins)
            self._stack.pop()
        return None

    @staticmethod
    def _candidate(path: Sequence[Branch], i: int, assignment: Mapping[str, Any], pins: dict) -> Candidate:
        """Negate path[i] keeping path[:i], each variable that is not an input pinned."""
        constraints = path_constraint(path, i)
        used = set().union(*(t.free for t in constraints)) & pins.keys()
        fixed = tuple(build.eq(v, const(pins[v])) for v in sorted(used, key=lambda v: v.value))
        return Candidate((*fixed, *constraints), assignment, (*decisions(path[:i]), (path[i].site, not path[i].taken)))

    def select_assumption(self) -> Candidate | None:
        """The next violated assumption (`assume` that failed: a pruned run) whose
        satisfaction no run reached and no candidate tried.  Asked even when the
        strategy calls its search complete: a strategy whose trees drop pruned runs
        (demand's) would otherwise end on a first run that violated an assumption."""
        if not self.violated:
            return None
        if not self.active:
            self.select_ready()
        for path, assignment, nodes, pins, _ in self._stack:
            for i, b in enumerate(path):
                if b.flippable or b.taken:
                    continue
                key = (b.site, b.term, True, self._pinned(b.term, pins))
                if key in nodes[i]:
                    continue
                nodes[i][key] = _TRIED
                return self._candidate(path, i, assignment, pins)
        return None

    def select_ready(self) -> None:
        """Put every run recorded so far into the trie (the fallback is now in use)."""
        self.active = True
        for run in self._runs:
            self._push(*run)
        self._runs = []

    def _pinned(self, term: Term, pins: dict) -> tuple:
        return tuple(sorted((v.value, pins[v]) for v in term.free if v in pins)) if pins else ()

    def _pins(self, path: Sequence[Branch], calls: Sequence[CallRecord]) -> dict:
        """The run-time value of each variable of the path that is not an input."""
        if all(v.value in self._inputs for b in path for v in b.term.free):
            return {}
        pins = {}
        bound = {v for b in path if not b.flippable and b.taken and b.term.op == "eq"
                 for v in b.term.args if v.op == "var"}
        for c in calls:
            for value in (c.seen, c.result, *c.args, *c.kwargs.values()):
                t = getattr(value, "term", None)
                if isinstance(t, Term) and t.op == "var" and t.value not in self._inputs and t not in bound:
                    plain = realize(value)
                    if type(plain) in (bool, int, str, float):
                        pins[t] = plain
        return pins

    def _push(self, path: Sequence[Branch], assignment: Mapping[str, Any], calls: Sequence[CallRecord],
              to_root: Mapping[Term, Term] | None = None) -> None:
        if to_root:
            path = over_inputs(path, to_root)
        pins = self._pins(path, calls)
        node = self._root
        nodes = []
        for b in path:
            nodes.append(node)
            key = (b.site, b.term, b.taken, self._pinned(b.term, pins))
            child = node.get(key)
            if not isinstance(child, dict):
                child = node[key] = {}
            node = child
        self._stack.append([path, assignment, nodes, pins, len(path) - 1])


def over_inputs(path: Sequence[Branch], to_root: Mapping[Term, Term]) -> tuple[Branch, ...]:
    """The path with each run-local variable of a compositional policy (a callee's
    formal, a value a call returned) replaced by its term over the program's inputs,
    which is the constraint DART would have recorded; what `to_root` leaves out is
    pinned at its value as before."""
    local = frozenset(to_root)
    cache: dict = {}

    def leaf(t: Term) -> Term | None:
        if t.free.isdisjoint(local):
            return t
        return to_root.get(t) if t.op == "var" else None

    return tuple(b if b.term.free.isdisjoint(local) else replace(b, term=transform(b.term, leaf, cache))
                 for b in path)
