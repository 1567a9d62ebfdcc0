"""Depth-first search: DART's directed search (SMART paper, Figure 3).

After each run, the unexplored sides of its branches are pushed from the first
branch after the forced one to the last; popping the deepest first means "negate
the last branch not yet negated", exactly as DART's stack of branch records does.
"""
from __future__ import annotations

from smartest.search.protocol import Candidate, ExploredRun, dangling_after


class DepthFirstSearcher:
    def __init__(self) -> None:
        self._stack: list[Candidate] = []

    def update(self, run: ExploredRun) -> None:
        for j, node in dangling_after(run):
            self._stack.append(Candidate(run.path, j, node, run.inputs))

    def select(self) -> Candidate | None:
        return self._stack.pop() if self._stack else None

    def empty(self) -> bool:
        return not self._stack
