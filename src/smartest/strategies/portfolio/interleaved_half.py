"""The interleaved order (strategies/interleaved.py) as a half of the portfolio, so that
the portfolio of it and generational search is within about twice the runs of the
better of the two: the default's depth-first-with-coverage order where it wins (calc,
incdec), SAGE's first generation where the first run's shallow sides hold the bug.

The half replays the solitary searcher's `select` exactly: each `pop` is one of its
choices (a turn of its 2:1 cycle), whether the side then waits (a run), was run by
the other half (expanded for free, as if this half had run it) or was found unsat.
An entry sits on its depth-first stack and on its depth-ordered heaps at once; the
first of them to pop it takes it, the others skip it, as the solitary searcher skips
an emptied entry.
"""
from __future__ import annotations

import heapq
import itertools
from typing import Sequence

from smartest.trace.path import Branch

# As strategies/interleaved.py's (strategies import each other only through shared
# folders); tests/unit/test_portfolio.py checks that the two choose alike, turn for turn.
SHARE = 3


class InterleavedHalf:
    """Two depth-first choices, then the shallowest side no run this half expanded took
    (once there is none: the shallowest side of all on every other such turn)."""

    def __init__(self) -> None:
        self._stack: list = []
        self._uncovered: list = []      # (depth, tie, entry): sides uncovered when pushed
        self._queue: list = []          # (depth, tie, entry): every side
        self._covered: set = set()
        self._taken: set = set()        # entries this half has popped (by identity)
        self._tie = itertools.count()
        self._turn = 0
        self._breadth = 0

    def expand(self, path: Sequence[Branch], children: list) -> None:
        self._covered.update((b.site, b.taken) for b in path)
        for e in children:
            self.adopt(e)

    def adopt(self, entry) -> None:
        self._stack.append(entry)
        tie = next(self._tie)
        if entry.cand.expect[-1] not in self._covered:
            heapq.heappush(self._uncovered, (entry.depth, tie, entry))
        heapq.heappush(self._queue, (entry.depth, tie, entry))

    def pop(self):
        self._turn += 1
        if self._turn % SHARE == 0:
            e = self._shallow()
            if e is not None:
                return self._take(e)
        while self._stack:
            e = self._stack.pop()
            if e not in self._taken:
                return self._take(e)
        return None

    def _take(self, entry):
        self._taken.add(entry)
        return entry

    def _shallow(self):
        while self._uncovered:
            _, _, e = heapq.heappop(self._uncovered)
            if e not in self._taken and e.cand.expect[-1] not in self._covered:
                return e
        self._breadth += 1
        if self._breadth % 2:
            return None
        while self._queue:
            _, _, e = heapq.heappop(self._queue)
            if e not in self._taken:
                return e
        return None
