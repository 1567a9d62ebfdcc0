"""Python's cyclic garbage collector, run at points fixed by the run count.

z3's models depend on the identifiers of its terms, and z3 reuses the identifier
of a term Python has freed.  The automatic collector runs after a count of
allocations, so it frees z3's terms (held in reference cycles) at moments that
move with anything else the process allocates: a resumed exploration, which
writes no events for the runs it replays, got another model for the same query
at query 268 and left the recorded path (the kill test's seed 3).  With the
automatic collector off and a collection every few runs, the same runs free the
same terms at the same points, so the same inputs give the same models.
"""
from __future__ import annotations

import gc

# (every so many runs, the oldest generation collected): the young generation
# often, the whole heap rarely, as CPython's own thresholds do by allocations.
SCHEDULE = ((1000, 2), (100, 1), (10, 0))


class RunCollector:
    """Turns the automatic collector off for an exploration and collects by run count."""

    def __init__(self) -> None:
        self._was_enabled = False

    def __enter__(self) -> "RunCollector":
        self._was_enabled = gc.isenabled()
        gc.disable()
        return self

    def __exit__(self, *exc) -> None:
        if self._was_enabled:
            gc.enable()

    @staticmethod
    def after_run(runs: int) -> None:
        for every, generation in SCHEDULE:
            if runs % every == 0:
                gc.collect(generation)
                return
