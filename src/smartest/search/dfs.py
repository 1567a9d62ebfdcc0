"""Depth-first search: DART's directed search (SMART paper, Figure 3).

After each run, the unexplored sides of its branches are pushed from the first
branch after the forced one to the last; popping the deepest first means "negate
the last branch not yet negated", exactly as DART's stack of branch records does.
The execution tree remembers which sides were run, proved infeasible or diverged,
so no side is tried twice.
"""
from __future__ import annotations

from smartest.search.protocol import Candidate, ExploredRun, flip
from smartest.solver.protocol import Status
from smartest.trace.tree import ExecutionTree, SideStatus, dangling_sides


class DepthFirstSearcher:
    def __init__(self) -> None:
        self.tree = ExecutionTree()
        self._stack: list[Candidate] = []

    def update(self, run: ExploredRun) -> None:
        nodes = self.tree.insert(run.path)
        cand = run.candidate
        forced = -1
        if cand is not None:
            node, side, j = cand.origin
            if run.diverged:
                self.tree.mark(node, side, SideStatus.DIVERGED)
            else:
                forced = j
        for j, node in dangling_sides(run.path, nodes, forced + 1):
            self._stack.append(flip(run.path, j, run.assignment, (node, not run.path[j].taken, j)))

    def select(self) -> Candidate | None:
        return self._stack.pop() if self._stack else None

    def rejected(self, candidate: Candidate, status: Status) -> None:
        node, side, _ = candidate.origin
        self.tree.mark(node, side, SideStatus.INFEASIBLE if status is Status.UNSAT else SideStatus.UNKNOWN)
