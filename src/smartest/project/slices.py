"""A package run's time budget, divided so that the whole run ends near --time-limit.

Each function is explored in a child under a slice of the budget.  Around that
exploration the child imports the target, replays every input under coverage.py,
confirms its bugs and writes its report, and the parent reads it back: work no slice
paid for (0.6 to 1.5 s a function on inflection at load 5).  Dividing only what is
left among the functions still to go let that work, and any function's overrun,
push the run past its budget (`smartest explore inflection --time-limit 60`: 67 to
73 s; the last functions got the 1 s minimum slice after the deadline had passed).

So the budget counts from the command's start (the interpreter, its re-execution
under PYTHONHASHSEED=0 and the package's discovery are the user's seconds too:
cli._started); each
function's slice is what is left, less the work measured per function so far (their
mean) for every function still to go and less a reserve for emitting the tests,
divided among them (at least MIN_SLICE_S); and once what is left cannot pay for one
function's work and MIN_SLICE_S of exploration, the functions still to go are not
explored (the table says so).  The run then ends past its budget by at most what one function's work
or one run exceeds its estimate (a query stops at its child's deadline:
solver/z3backend.py), plus the emission's excess over its reserve.

The clock is a parameter, so that tests count slices with a fake one.
"""
from __future__ import annotations

import time
from typing import Callable

MIN_SLICE_S = 1.0
# Estimates of the emission's cost (measured on inflection, 12 functions, at load 5;
# see notes/s10-oracle.md): the stability check's interpreters, and per test its
# 2 x 3 plain runs and its share of writing the file.
EMIT_START_S = 1.5
EMIT_PER_TEST_S = 0.02


class Slices:
    """The package run's budget: `next` gives each function its slice (or None: the
    budget is spent), `done` records what the function really took."""

    def __init__(self, seconds: float, clock: Callable[[], float] | None = None, spent: float = 0.0) -> None:
        """`spent`: seconds already used before the first function (since cli._started);
        `clock`: time.monotonic unless given."""
        self.clock = clock or time.monotonic
        self.deadline = self.clock() + seconds - spent
        self.work: list[float] = []     # per function: wall seconds outside its exploration
        self.emit_reserve = 0.0          # seconds kept back for writing the tests
        self.started_at: float | None = None

    def overhead(self) -> float:
        """The work measured per function outside its exploration (their mean)."""
        return sum(self.work) / len(self.work) if self.work else 0.0

    def left(self) -> float:
        return self.deadline - self.clock()

    def next(self, to_go: int) -> float | None:
        """The exploration slice of the next of `to_go` functions, or None when what is
        left cannot pay for its work and MIN_SLICE_S."""
        left = self.left() - self.emit_reserve
        share = left / max(to_go, 1) - self.overhead()
        if share < MIN_SLICE_S:
            if left - self.overhead() < MIN_SLICE_S:
                return None
            share = MIN_SLICE_S   # not enough for all: as many as fit, each with the least slice
        self.started_at = self.clock()
        return share

    def done(self, explored_s: float) -> None:
        """The function started by the last `next` is finished; `explored_s` of its wall
        time was its exploration (its slice, when the child left no report)."""
        if self.started_at is not None:
            self.work.append(max(self.clock() - self.started_at - explored_s, 0.0))
            self.started_at = None

    def reserve_for_emission(self, tests: int) -> None:
        """Keep back, for writing `tests` more tests, what checking them costs
        (emit/stability.py): the children's start once, and a few plain runs each."""
        self.emit_reserve = max(self.emit_reserve, EMIT_START_S) + EMIT_PER_TEST_S * tests
