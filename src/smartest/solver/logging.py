"""Optional SMT-LIB log of every query that reaches the backend, for debugging."""
from __future__ import annotations

from typing import TextIO

from smartest.solver.protocol import Answer, Query, Solver


class LoggingSolver:
    def __init__(self, inner: Solver, out: TextIO, to_smtlib) -> None:
        self.inner = inner
        self.out = out
        self.to_smtlib = to_smtlib

    def check(self, query: Query) -> Answer:
        answer = self.inner.check(query)
        self.out.write(f"; query -> {answer.status.value}\n{self.to_smtlib(query)}\n")
        self.out.flush()
        return answer
