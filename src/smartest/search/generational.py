"""Generational search (SAGE): expand every branch of a run, best-scoring run first.

Each run's children are all its unexplored sides; candidates are ordered by how
many new branch sides their parent run covered, so runs that found new code are
expanded first.  A useful alternative to DFS when paths are long.
"""
from __future__ import annotations

import heapq
import itertools

from smartest.search.protocol import Candidate, ExploredRun, dangling_after


class GenerationalSearcher:
    def __init__(self) -> None:
        self._heap: list[tuple[int, int, Candidate]] = []
        self._seen: set = set()
        self._tie = itertools.count()

    def update(self, run: ExploredRun) -> None:
        fresh = 0
        for b in run.path:
            key = (b.site, b.taken)
            if key not in self._seen:
                self._seen.add(key)
                fresh += 1
        for j, node in dangling_after(run):
            heapq.heappush(self._heap, (-fresh, next(self._tie), Candidate(run.path, j, node, run.inputs)))

    def select(self) -> Candidate | None:
        return heapq.heappop(self._heap)[2] if self._heap else None

    def empty(self) -> bool:
        return not self._heap
