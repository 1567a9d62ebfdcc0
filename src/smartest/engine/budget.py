"""Whole-exploration budgets: runs, wall time, and (optionally) bugs found."""
from __future__ import annotations

import time


class Budget:
    def __init__(self, max_runs: int, time_limit: float, max_bugs: int = 0, deadline: float | None = None) -> None:
        """`deadline` (time.monotonic()): the whole exploration's, which its solver
        queries stop at too (solver/z3backend.py), when earlier than time_limit from now:
        a search whose queries all answer "past the deadline" must stop on the time
        limit, not run on and end "stalled"."""
        self.max_runs = max_runs
        self.max_bugs = max_bugs   # 0: no limit
        self.deadline = min(time.monotonic() + time_limit, float("inf") if deadline is None else deadline)
        self.started = time.monotonic()

    def exhausted(self, runs: int, bugs: int = 0) -> str | None:
        """Why the exploration must stop now, or None."""
        if runs >= self.max_runs:
            return "max_runs"
        if self.max_bugs and bugs >= self.max_bugs:
            return "max_bugs"
        if time.monotonic() >= self.deadline:
            return "time_limit"
        return None

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started
