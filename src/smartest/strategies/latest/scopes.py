"""One run as lazy expansion reads it: scopes, their branches, their control paths.

A **scope** is the function under test (id `()`) or one expanded call (its call id,
`calls/lazy.py`).  Every branch of a run belongs to the innermost scope whose code
decided it: a call that ran because it was input-independent ("concrete") or not
abstractable ("inline") lends its branches to the scope that made it, so their
decisions are explored with that scope's; an abstracted call has none.

The **control path** of a scope is the sequence of lines its own frames executed
(the function and the helpers it calls that are not intercepted; an "inline" call
counts as part of its caller).  Lines of expanded and concrete calls are theirs,
not the caller's: whether a call was abstracted or ran, its caller's control path
is the same if the caller did the same thing.  Each entry keeps the path length at
that line, so a difference between two control paths can be traced back to the
symbolic branches decided on the line before it (`responsible`).

`ScopeSearch` is the paper's `abstract_next_path` for one scope in one context:
the scope's own branches, flipped one at a time with everything before them kept.
"""
from __future__ import annotations

from typing import Any, Callable

import heapq
import itertools

from smartest.strategies.latest.policy import EMPTY_PLAN, ROOT, CallId, LazyTrace, Plan
from smartest.search.protocol import Candidate, ExploredRun, decisions, follows
from smartest.solver.protocol import Status
from smartest.trace.path import path_constraint
from smartest.trace.tree import ExecutionTree, SideStatus, dangling_sides


class View:
    """An `ExploredRun` of the lazy policy, indexed by call id and scope."""

    __slots__ = ("run", "path", "calls", "ids", "index", "plan", "assignment", "real",
                 "_branch_scope", "_line_scope", "_owner", "events")

    def __init__(self, run: ExploredRun) -> None:
        trace: LazyTrace | None = run.notes.info.get("lazy") if run.notes.info else None
        self.run = run
        self.path = run.path
        self.calls = run.calls
        n = len(run.calls)
        self.ids: tuple[CallId, ...] = trace.ids[:n] if trace else tuple((i,) for i in range(n))
        self.index = {cid: i for i, cid in enumerate(self.ids)}
        self.plan: Plan = trace.plan if trace else EMPTY_PLAN
        self.assignment: dict[str, Any] = {**run.assignment, **(trace.drawn if trace else {})}
        self.real = not run.notes.abstract
        self.events = trace.events if trace else ()
        branch_scope: list[CallId] = []
        line_scope: list[CallId | None] = []
        for i, c in enumerate(run.calls):
            pb = branch_scope[c.parent] if c.parent >= 0 else ROOT
            pl = line_scope[c.parent] if c.parent >= 0 else ROOT
            if c.mode == "expanded":
                branch_scope.append(self.ids[i])
                line_scope.append(self.ids[i])
            elif c.mode == "inline":
                branch_scope.append(pb)
                line_scope.append(pl)
            else:
                branch_scope.append(pb)
                line_scope.append(None)
        self._branch_scope = branch_scope
        self._line_scope = line_scope
        self._owner = [branch_scope[b.frame] if b.frame >= 0 else ROOT for b in run.path]

    # -- scopes ---------------------------------------------------------------
    def owner(self, position: int) -> CallId:
        """The scope that decided path[position]."""
        return self._owner[position]

    def owned(self, scope: CallId) -> list[int]:
        """Positions of the branches `scope` decided itself."""
        return [p for p, s in enumerate(self._owner) if s == scope]

    def span(self, scope: CallId) -> tuple[int, int]:
        """[start, end) of the path positions decided while `scope` was active."""
        if scope == ROOT:
            return 0, len(self.path)
        c = self.calls[self.index[scope]]
        return c.start, (c.end if c.end >= 0 else len(self.path))

    def abstract_calls(self, scope: CallId) -> list[int]:
        """Indices of the calls `scope` made that were abstracted, in call order."""
        return [i for i, c in enumerate(self.calls)
                if c.mode == "abstract" and (self._branch_scope[c.parent] if c.parent >= 0 else ROOT) == scope]

    def fully_concrete(self, i: int) -> bool:
        """Did call i and everything it called really run?"""
        cid = self.ids[i]
        k = len(cid)
        return all(c.mode != "abstract" for j, c in enumerate(self.calls[i:], i) if self.ids[j][:k] == cid)

    # -- control paths ----------------------------------------------------------
    def control(self, scope: CallId) -> list[tuple]:
        """(code, line, path length) of each line `scope`'s own frames executed."""
        out = []
        for frame, code, line, plen in self.events:
            if (self._line_scope[frame] if frame >= 0 else ROOT) == scope:
                out.append((code, line, plen))
        return out

    def line_branches(self, scope: CallId, control: list[tuple], e: int) -> list[int]:
        """Positions of the branches `scope` decided on the line control[e - 1],
        i.e. the decisions that chose where its control path went at step e."""
        start, end = self.span(scope)
        lo = control[e - 1][2] if e > 0 else start
        hi = control[e][2] if e < len(control) else end
        return [p for p in range(lo, min(hi, len(self.path))) if self._owner[p] == scope]

    def responsible(self, scope: CallId, control: list[tuple], e: int,
                    target: "View", goal: list[tuple]) -> int | None:
        """The branch to flip so that this run's control path in `scope` goes where
        `target`'s (`goal`) went at step e: the first decision on the line before
        that differs from the target's there (same site, other side), else the last
        one decided on that line; None if the line decided on concrete values only."""
        mine = self.line_branches(scope, control, e)
        theirs = target.line_branches(scope, goal, e)
        for p, q in zip(mine, theirs):
            a, b = self.path[p], target.path[q]
            if a.site != b.site:
                break
            if a.taken != b.taken:
                return p if a.flippable else None
        for p in reversed(mine):
            if self.path[p].flippable:
                return p
        return None

    # -- decisions --------------------------------------------------------------
    def follows(self, expect) -> bool:
        return follows(self.path, expect)

    def decisions_of(self, i: int) -> tuple:
        """The decisions taken inside call i (all its callees included)."""
        c = self.calls[i]
        end = c.end if c.end >= 0 else len(self.path)
        return decisions(self.path[c.start:end])


def first_difference(target: list[tuple], mine: list[tuple]) -> int | None:
    """Index of the first line where two control paths differ (None: equal)."""
    n = min(len(target), len(mine))
    for e in range(n):
        if target[e][0] is not mine[e][0] or target[e][1] != mine[e][1]:
            return e
    return None if len(target) == len(mine) else n


class ScopeSearch:
    """`abstract_next_path` for one scope in one context: the scope's own branches,
    flipped one at a time with everything before them kept (Figure 4)."""

    def __init__(self, scope: CallId, plan: Plan, deepest_first: bool) -> None:
        self.scope = scope
        self.plan = plan
        self.deepest_first = deepest_first
        self.tree = ExecutionTree()
        self._queue: list = []
        self._later: list[Candidate] = []   # postponed by `pop`'s predicate
        self._tie = itertools.count()

    def add(self, view: View, cand: Candidate | None, diverged: bool = False,
            postpone_after: int | None = None) -> None:
        """The run's new flips.  Those past path position `postpone_after` (a
        decision the searcher finds implausible) keep that decision in their prefix,
        so they are implausible too: they wait with the postponed ones (`pop`)."""
        positions = view.owned(self.scope)
        branches = [view.path[p] for p in positions]
        nodes = self.tree.insert(branches)
        forced = -1
        if cand is not None and cand.origin is not None:
            node, side, j = cand.origin
            if diverged:
                self.tree.mark(node, side, SideStatus.DIVERGED)
            else:
                forced = j
        for j, node in dangling_sides(branches, nodes, forced + 1):
            p = positions[j]
            b = view.path[p]
            c = Candidate(path_constraint(view.path, p), view.assignment,
                          (*decisions(view.path[:p]), (b.site, not b.taken)), self.plan, (node, not b.taken, j))
            if postpone_after is not None and p > postpone_after:
                self._later.append(c)
            elif self.deepest_first:
                self._queue.append(c)
            else:
                heapq.heappush(self._queue, (j, next(self._tie), c))

    def pop(self, later: Callable[[Candidate], bool] | None = None) -> Candidate | None:
        """The next flip; those `later` says to postpone come after all the others
        (and those it no longer postpones first among them).  Nothing is dropped."""
        while self._queue:
            cand = self._queue.pop() if self.deepest_first else heapq.heappop(self._queue)[2]
            if later is not None and later(cand):
                self._later.append(cand)
                continue
            return cand
        if not self._later:
            return None
        if later is not None:
            for i, cand in enumerate(self._later):
                if not later(cand):
                    return self._later.pop(i)
        return self._later.pop(0)

    def rejected(self, cand: Candidate, status: Status) -> None:
        node, side, _ = cand.origin
        self.tree.mark(node, side, SideStatus.INFEASIBLE if status is Status.UNSAT else SideStatus.UNKNOWN)

    def diverged(self, cand: Candidate) -> None:
        node, side, _ = cand.origin
        self.tree.mark(node, side, SideStatus.DIVERGED)
