"""Depth-first search interleaved with coverage-guided, shallowest-first choices.

DART's depth-first order negates the deepest branch first, so on a parser it can
spend its whole budget under the first branch of a long input and never try the
one-character program.  KLEE interleaves its searchers (depth-first with random-path
and coverage-optimized ones) for this reason, and SAGE scores its generations by new
coverage.  Here one execution tree holds every dangling side, and two frontiers
share it: DART's stack, and a queue ordered by (does the side's branch site lack
this side in every run so far, how shallow is it).  Of every three choices, two are
DART's and one the shallowest side not yet covered; once every side is covered, that
third choice is the shallowest side of all every other time and DART's otherwise.
Nothing is lost: a side taken by one frontier is skipped by the other, and the
search ends exactly when DART's would.

Why this mix (issue 12, `benchmarks/default_strategy.py`, notes/default-2x.md): in
strict turns the breadth-first half cost a recursive-descent parser its depth
(calc_tokens' bug at run 91 against DART's 19; 96 against 27 with default flags);
with no breadth-first choice at all, incdec's bug, one loop count among 965 paths,
came at run 944 (DART 942, generational 223); with a breadth-first choice at every
third turn, calc_tokens took 160 runs under the default flags.  This mix: 15, 21
and 127, and the shallow picks still find the one-character programs DART's first
subtree hides.
"""
from __future__ import annotations

from smartest.calls.inline import InlinePolicy
from smartest.search.interleaving import InterleavedOrder
from smartest.search.protocol import Candidate, ExploredRun, flip, insert_run, reject
from smartest.solver.protocol import Status
from smartest.trace.tree import ExecutionTree, dangling_sides


class InterleavedSearcher:
    """One execution tree; its dangling sides in the interleaved order (search/interleaving.py)."""

    def __init__(self) -> None:
        self.tree = ExecutionTree()
        self._order = InterleavedOrder()

    def update(self, run: ExploredRun) -> None:
        nodes, start = insert_run(self.tree, run)
        self._order.cover((b.site, b.taken) for b in run.path)
        for j, node in dangling_sides(run.path, nodes, start):
            self.take(flip(run.path, j, run.assignment, (node, not run.path[j].taken, j)))

    def select(self) -> Candidate | None:
        return self._order.pop()

    def rejected(self, candidate: Candidate, status: Status) -> None:
        reject(self.tree, candidate, status)

    # -- Splittable (search/protocol.py)
    def pending(self) -> int:
        return self._order.live

    def take(self, candidate: Candidate) -> None:
        """Hold a flip candidate (from a run of this searcher, or given): its decision is its last."""
        self._order.add(candidate, candidate.origin[2], candidate.expect[-1])

    def give(self) -> Candidate | None:
        return self._order.shallowest() if self._order.live > 1 else None


def build(options, solver, target) -> tuple[InterleavedSearcher, InlinePolicy]:
    """The `interleaved` strategy: one tree, every call inlined, DFS and shallowest-uncovered in turn."""
    return InterleavedSearcher(), InlinePolicy()
