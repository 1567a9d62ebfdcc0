"""Generational search (SAGE): expand every branch of a run, best-scoring run first.

Each run's children are all its unexplored sides; candidates are ordered by how
many new branch sides their parent run covered, so runs that found new code are
expanded first.  A useful alternative to DFS when paths are long.
"""
from __future__ import annotations

import heapq
import itertools

from smartest.calls.inline import InlinePolicy
from smartest.search.protocol import Candidate, ExploredRun, flip, insert_run, reject
from smartest.solver.protocol import Status
from smartest.trace.tree import ExecutionTree, dangling_sides


class GenerationalSearcher:
    def __init__(self) -> None:
        self.tree = ExecutionTree()
        self._heap: list[tuple[int, int, Candidate]] = []
        self._seen: set = set()
        self._tie = itertools.count()

    def update(self, run: ExploredRun) -> None:
        nodes, start = insert_run(self.tree, run)
        fresh = 0
        for b in run.path:
            key = (b.site, b.taken)
            if key not in self._seen:
                self._seen.add(key)
                fresh += 1
        for j, node in dangling_sides(run.path, nodes, start):
            heapq.heappush(self._heap, (-fresh, next(self._tie),
                                        flip(run.path, j, run.assignment, (node, not run.path[j].taken, j))))

    def select(self) -> Candidate | None:
        return heapq.heappop(self._heap)[2] if self._heap else None

    def rejected(self, candidate: Candidate, status: Status) -> None:
        reject(self.tree, candidate, status)

    # -- Splittable (search/protocol.py)
    def pending(self) -> int:
        return len(self._heap)

    def take(self, candidate: Candidate) -> None:
        """A given candidate's parent run is not this searcher's: it scores as covering nothing new."""
        heapq.heappush(self._heap, (0, next(self._tie), candidate))

    def give(self) -> Candidate | None:
        if len(self._heap) < 2:
            return None
        k = min(range(len(self._heap)), key=lambda i: self._heap[i][2].origin[2])
        cand = self._heap[k][2]
        self._heap[k] = self._heap[-1]
        self._heap.pop()
        heapq.heapify(self._heap)
        return cand


def build(options, solver, target) -> tuple[GenerationalSearcher, InlinePolicy]:
    """The `generational` strategy: generational search over one tree, every call inlined."""
    return GenerationalSearcher(), InlinePolicy()
