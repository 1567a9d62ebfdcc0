"""The searcher interface, after KLEE's: three methods, no knowledge of the engine.

The engine tells a searcher about every finished run (`update`), asks it for the
next branch to flip (`select`), and stops asking when it is `empty`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Protocol, Sequence

from smartest.terms import Term
from smartest.trace.path import Branch, path_constraint
from smartest.trace.tree import ExecutionTree, Node


@dataclass(frozen=True)
class Candidate:
    """Flip `path[flip]`: solve the path constraint up to it with it negated.

    `inputs` are the concrete inputs of the run the path came from; variables the
    solver leaves out keep these values (DART's `I` in Figure 3).
    """

    path: tuple[Branch, ...]
    flip: int
    node: Node
    inputs: Mapping[str, Any]

    @property
    def constraints(self) -> tuple[Term, ...]:
        return path_constraint(self.path, self.flip)

    @property
    def side(self) -> bool:
        return not self.path[self.flip].taken


@dataclass(frozen=True)
class ExploredRun:
    """What a searcher learns from one run."""

    path: tuple[Branch, ...]
    nodes: Sequence[Node]
    inputs: Mapping[str, Any]
    forced: int            # index of the flipped branch, -1 for a random run
    new_path: bool
    tree: ExecutionTree


class Searcher(Protocol):
    def update(self, run: ExploredRun) -> None: ...
    def select(self) -> Candidate | None: ...
    def empty(self) -> bool: ...


def dangling_after(run: ExploredRun):
    """The (index, node) of each side of `run`'s path, past the forced prefix, that no
    run has taken and no searcher holds yet; marks them pending."""
    from smartest.trace.tree import SideStatus
    for j in range(run.forced + 1, len(run.path)):
        if not run.path[j].flippable:
            continue
        node = run.nodes[j]
        side = int(not run.path[j].taken)
        if node.status[side] is SideStatus.DANGLING:
            node.status[side] = SideStatus.PENDING
            yield j, node
