"""DART's depth-first searcher (SMART paper, Figure 3), shared by the `dart` strategy,
the parallel engine's subtrees (engine/parallel.py) and the Hypothesis backend.

After each run, the unexplored sides of its branches are pushed from the first
branch after the forced one to the last; popping the deepest first means "negate
the last branch not yet negated", exactly as DART's stack of branch records does.
The execution tree remembers which sides were run, proved infeasible or diverged,
so no side is tried twice.
"""
from __future__ import annotations

from smartest.search.protocol import Candidate, ExploredRun, flip, insert_run, reject
from smartest.solver.protocol import Status
from smartest.trace.tree import ExecutionTree, dangling_sides


class DepthFirstSearcher:
    def __init__(self) -> None:
        self.tree = ExecutionTree()
        self._stack: list[Candidate] = []

    def update(self, run: ExploredRun) -> None:
        nodes, start = insert_run(self.tree, run)
        for j, node in dangling_sides(run.path, nodes, start):
            self._stack.append(flip(run.path, j, run.assignment, (node, not run.path[j].taken, j)))

    def select(self) -> Candidate | None:
        return self._stack.pop() if self._stack else None

    def rejected(self, candidate: Candidate, status: Status) -> None:
        reject(self.tree, candidate, status)

    # -- Splittable (search/protocol.py): the stack's bottom is its shallowest side
    def pending(self) -> int:
        return len(self._stack)

    def take(self, candidate: Candidate) -> None:
        self._stack.append(candidate)

    def give(self) -> Candidate | None:
        return self._stack.pop(0) if len(self._stack) > 1 else None
