"""The execution tree: every path explored so far, and what is known of the rest.

    root ── b0 ──T── b1 ──T── (leaf: returned 1)
             │         └F── dangling          <- never run, not yet solved
             └F── b1' ─T── (leaf: raised)
                      └F── infeasible         <- the solver said unsat

A node is one branch decision on a path; each of its two sides is a child node, a
leaf (the path ended there), or a `SideStatus` saying why there is no child yet.
DART keeps one tree for the whole program; compositional strategies keep one per
function (SMART, demand-driven).  A path's identity is its sequence of decisions,
so `paths` counts leaves.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Sequence

from smartest.trace.path import Branch
from smartest.trace.site import Site


class SideStatus(enum.Enum):
    DANGLING = "dangling"        # not explored, feasibility unknown
    PENDING = "pending"          # handed to a searcher, not yet solved
    EXPLORED = "explored"        # a run went this way
    INFEASIBLE = "infeasible"    # the solver proved no input goes this way
    UNKNOWN = "unknown"          # the solver gave up (timeout / unknown)
    DIVERGED = "diverged"        # solved, but the run took another way


@dataclass(eq=False)
class Leaf:
    """End of a path."""


class Node:
    __slots__ = ("site", "depth", "parent", "side_in_parent", "children", "status")

    def __init__(self, site: Site, depth: int, parent: "Node | None", side: bool | None) -> None:
        self.site = site
        self.depth = depth
        self.parent = parent
        self.side_in_parent = side
        self.children: list[Node | Leaf | None] = [None, None]  # [False side, True side]
        self.status = [SideStatus.DANGLING, SideStatus.DANGLING]


class ExecutionTree:
    def __init__(self) -> None:
        self.root: Node | Leaf | None = None
        self.paths = 0
        self.site_mismatches = 0

    def insert(self, path: Sequence[Branch]) -> list[Node]:
        """Add a run's path; returns the node of each branch."""
        nodes: list[Node] = []
        if not path:
            if self.root is None:
                self.root = Leaf()
                self.paths += 1
            return nodes
        if not isinstance(self.root, Node):
            self.root = Node(path[0].site, 0, None, None)
        node = self.root
        for depth, b in enumerate(path):
            if node.site != b.site:
                # Same decisions so far, different program point: the program is
                # not a function of its inputs (globals, randomness, concretization).
                self.site_mismatches += 1
            nodes.append(node)
            side = int(b.taken)
            node.status[side] = SideStatus.EXPLORED
            if not b.flippable and b.taken and node.status[1 - side] is SideStatus.DANGLING:
                node.status[1 - side] = SideStatus.INFEASIBLE  # an assumption that held has no other side
            if depth == len(path) - 1:
                child = node.children[side]
                if child is None:
                    node.children[side] = Leaf()
                    self.paths += 1
                return nodes
            child = node.children[side]
            if not isinstance(child, Node):
                if isinstance(child, Leaf):
                    # A path that earlier ended here now goes on: count it as new.
                    self.site_mismatches += 1
                child = Node(path[depth + 1].site, depth + 1, node, bool(side))
                node.children[side] = child
            node = child
        raise AssertionError("unreachable")

    def mark(self, node: Node, side: bool, status: SideStatus) -> None:
        if node.status[int(side)] is not SideStatus.EXPLORED:
            node.status[int(side)] = status

    def sides(self) -> dict[SideStatus, int]:
        """How many branch sides are in each status (for reports and tests)."""
        counts = {s: 0 for s in SideStatus}
        stack = [self.root] if isinstance(self.root, Node) else []
        while stack:
            n = stack.pop()
            for side in (0, 1):
                counts[n.status[side]] += 1
                c = n.children[side]
                if isinstance(c, Node):
                    stack.append(c)
        return counts


def dangling_sides(path: Sequence[Branch], nodes: Sequence[Node], start: int):
    """(index, node) of each side of `path` from `start` on that no run has taken and
    no searcher holds yet; marks them pending (a searcher now holds them)."""
    for j in range(start, len(path)):
        if not path[j].flippable and path[j].taken:
            continue  # an assumption that held; a violated one (a pruned run) is worth satisfying
        node = nodes[j]
        side = int(not path[j].taken)
        if node.status[side] is SideStatus.DANGLING:
            node.status[side] = SideStatus.PENDING
            yield j, node
