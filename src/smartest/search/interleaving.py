"""The interleaved order: two depth-first choices to one shallowest side no run has
covered, over one set of dangling sides.

KLEE interleaves its searchers (depth-first with coverage-optimized ones) so that a
search does not spend its whole budget in one deep subtree; SAGE scores sides by the
coverage they may add.  This is the one rule of that kind here, shared by the
`interleaved` strategy (strategies/interleaved.py: the order alone) and the portfolio's
interleaved half (strategies/portfolio/interleaved_half.py: the order beside SAGE's
generational search), so the two cannot drift apart.  Why this mix and not another is
measured in strategies/interleaved.py's docstring.

Every side added sits on three frontiers at once, a depth-first stack, a queue of the
sides uncovered when added (by depth), and a queue of all sides (by depth), in a slot
(a one-element list) they share: the first frontier to pop a side empties the slot,
and the others skip it.  Of every SHARE choices, SHARE - 1 are the stack's and one the
shallowest side whose (site, side) no run has taken; once there is none, that choice
is the shallowest side of all on every other such turn, the stack's otherwise.
"""
from __future__ import annotations

import heapq
import itertools
from typing import Any, Hashable, Iterable

SHARE = 3   # every SHARE-th choice is the coverage frontier's, the others depth-first


class InterleavedOrder:
    """Sides (any objects) in the interleaved order; `pop` is one choice of it."""

    def __init__(self) -> None:
        self._stack: list[list] = []
        self._uncovered: list[tuple[int, int, list]] = []   # (depth, tie, slot): uncovered when added
        self._queue: list[tuple[int, int, list]] = []       # (depth, tie, slot): every side
        self._covered: set = set()                          # (site, side) some run took
        self._tie = itertools.count()
        self._turn = 0
        self._breadth = 0                                   # coverage turns with nothing uncovered
        self.live = 0                                       # sides added and not yet popped

    def cover(self, decisions: Iterable[Hashable]) -> None:
        """A run took these (site, side) decisions."""
        self._covered.update(decisions)

    def add(self, side: Any, depth: int, decision: Hashable) -> None:
        """One side to choose some day: `decision`, its (site, side), at `depth` in its path."""
        slot = [(side, decision)]
        self._stack.append(slot)
        self.live += 1
        tie = next(self._tie)
        if decision not in self._covered:
            heapq.heappush(self._uncovered, (depth, tie, slot))
        heapq.heappush(self._queue, (depth, tie, slot))

    def pop(self) -> Any | None:
        """The next choice (a turn of the cycle), or None when no side is left."""
        self._turn += 1
        if self._turn % SHARE == 0:
            side = self._shallow()
            if side is not None:
                return side
        return self._first(self._stack, self._stack.pop)

    def shallowest(self) -> Any | None:
        """The shallowest side left, whatever its coverage (the root of the largest subtree)."""
        return self._first(self._queue, lambda: heapq.heappop(self._queue)[2])

    def _shallow(self) -> Any | None:
        while self._uncovered:
            _, _, slot = heapq.heappop(self._uncovered)
            if slot and slot[0][1] not in self._covered:
                return self._take(slot)
        self._breadth += 1
        return self.shallowest() if self._breadth % 2 == 0 else None

    def _first(self, frontier: list, pop) -> Any | None:
        """The first side `pop` takes off `frontier` that no other frontier took."""
        while frontier:
            slot = pop()
            if slot:
                return self._take(slot)
        return None

    def _take(self, slot: list) -> Any:
        self.live -= 1
        return slot.pop()[0]
