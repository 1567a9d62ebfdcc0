"""The interleaved order (strategies/interleaved.py) as a half of the portfolio, so that
the portfolio of it and generational search is within about twice the runs of the
better of the two: the default's depth-first-with-coverage order where it wins (calc,
incdec), SAGE's first generation where the first run's shallow sides hold the bug.

The half replays the solitary searcher's `select` exactly (both are the one rule of
search/interleaving.py): each `pop` is one of its choices (a turn of its 2:1 cycle),
whether the side then waits (a run), was run by the other half (expanded for free, as
if this half had run it) or was found unsat.
"""
from __future__ import annotations

from typing import Sequence

from smartest.search.interleaving import InterleavedOrder
from smartest.trace.path import Branch


class InterleavedHalf:
    """The interleaved order over the portfolio's entries, its coverage that of the runs
    this half expanded."""

    def __init__(self) -> None:
        self._order = InterleavedOrder()

    def expand(self, path: Sequence[Branch], children: list) -> None:
        self._order.cover((b.site, b.taken) for b in path)
        for e in children:
            self.adopt(e)

    def adopt(self, entry) -> None:
        self._order.add(entry, entry.depth, entry.cand.expect[-1])

    def pop(self):
        return self._order.pop()
