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

import heapq
import itertools

from smartest.calls.inline import InlinePolicy
from smartest.search.protocol import Candidate, ExploredRun, flip, insert_run, reject
from smartest.solver.protocol import Status
from smartest.trace.tree import ExecutionTree, dangling_sides

SHARE = 3   # every SHARE-th choice is the coverage frontier's, the others DART's


class InterleavedSearcher:
    def __init__(self) -> None:
        self.tree = ExecutionTree()
        # Each frontier holds the same entries, one-element lists: a taken entry is emptied.
        self._stack: list[list] = []
        self._uncovered: list[tuple[int, int, list]] = []   # sides no run took: (depth, tie, entry)
        self._queue: list[tuple[int, int, list]] = []       # every side: (depth, tie, entry)
        self._covered: set = set()                          # (site, side) some run took
        self._tie = itertools.count()
        self._turn = 0
        self._breadth = 0                                   # coverage turns with nothing uncovered
        self._live = 0                                      # entries not yet taken

    def update(self, run: ExploredRun) -> None:
        nodes, start = insert_run(self.tree, run)
        for b in run.path:
            self._covered.add((b.site, b.taken))
        for j, node in dangling_sides(run.path, nodes, start):
            self.take(flip(run.path, j, run.assignment, (node, not run.path[j].taken, j)))

    def select(self) -> Candidate | None:
        self._turn += 1
        if self._turn % SHARE == 0:
            cand = self._shallow()
            if cand is not None:
                return cand
        while self._stack:
            entry = self._stack.pop()
            if entry:
                self._live -= 1
                return entry.pop()
        return None

    def rejected(self, candidate: Candidate, status: Status) -> None:
        reject(self.tree, candidate, status)

    def _shallow(self) -> Candidate | None:
        """The shallowest side whose (site, side) no run has taken; once there is none,
        the shallowest side of all on every other such turn (else DART's choice)."""
        while self._uncovered:
            _, _, entry = heapq.heappop(self._uncovered)
            if entry:
                node, side, _ = entry[0].origin
                if (node.site, side) not in self._covered:
                    self._live -= 1
                    return entry.pop()
        self._breadth += 1
        return self._shallowest() if self._breadth % 2 == 0 else None

    def _shallowest(self) -> Candidate | None:
        while self._queue:
            _, _, entry = heapq.heappop(self._queue)
            if entry:
                self._live -= 1
                return entry.pop()
        return None

    # -- Splittable (search/protocol.py)
    def pending(self) -> int:
        return self._live

    def take(self, candidate: Candidate) -> None:
        """Hold a flip candidate on both frontiers (from a run of this searcher, or given)."""
        j = candidate.origin[2]
        entry = [candidate]
        self._stack.append(entry)
        self._live += 1
        tie = next(self._tie)
        if candidate.expect[-1] not in self._covered:     # the flipped decision: (site, side)
            heapq.heappush(self._uncovered, (j, tie, entry))
        heapq.heappush(self._queue, (j, tie, entry))

    def give(self) -> Candidate | None:
        return self._shallowest() if self._live > 1 else None


def build(options, solver, target) -> tuple[InterleavedSearcher, InlinePolicy]:
    """The `interleaved` strategy: one tree, every call inlined, DFS and shallowest-uncovered in turn."""
    return InterleavedSearcher(), InlinePolicy()
