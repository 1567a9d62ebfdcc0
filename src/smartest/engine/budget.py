"""Whole-exploration budgets: runs and wall time."""
from __future__ import annotations

import time


class Budget:
    def __init__(self, max_runs: int, time_limit: float) -> None:
        self.max_runs = max_runs
        self.deadline = time.monotonic() + time_limit
        self.started = time.monotonic()

    def exhausted(self, runs: int) -> str | None:
        """Why the exploration must stop now, or None."""
        if runs >= self.max_runs:
            return "max_runs"
        if time.monotonic() >= self.deadline:
            return "time_limit"
        return None

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.started
