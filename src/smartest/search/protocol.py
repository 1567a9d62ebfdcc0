"""The searcher interface, after KLEE's: a few methods, no knowledge of the engine.

The engine tells a searcher about every finished run (`update`) and every candidate
the solver turned down (`rejected`), asks it what to run next (`select`), and stops
asking when it has nothing left.  A candidate is a query plus what the run must
start from; the searcher keeps its own bookkeeping (execution trees, context stacks)
in `Candidate.origin`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Protocol, Sequence

from smartest.calls.protocol import RunNotes
from smartest.solver.protocol import Status
from smartest.terms import Term
from smartest.trace.path import Branch, path_constraint
from smartest.trace.recorder import CallRecord
from smartest.trace.site import Site
from smartest.trace.tree import ExecutionTree, Node, SideStatus


@dataclass(frozen=True)
class Candidate:
    """What to run next.

    `constraints`: a conjunction to solve; its model overrides `assignment` (None:
    run `assignment` as it is).  `assignment`: values of the variables by name, the
    parameters and any the call policy reads (DART's I: variables the model leaves
    out keep these values).  `expect`: the decisions the run must begin with, or it
    diverged.  `directive`: for the call policy.  `origin`: the searcher's own.
    `provisional`: an unsatisfiable answer proves nothing infeasible (demand's lazy Ψ:
    the side is asked again relevantly), so the bound probe (engine/deepening) need
    not hear it; the query that does prune is probed.
    `stream`: the solver history its query belongs to (`solver.protocol.Query.stream`).
    """

    constraints: tuple[Term, ...] | None
    assignment: Mapping[str, Any]
    expect: tuple[tuple[Site, bool], ...] = ()
    directive: Any = None
    origin: Any = None
    provisional: bool = False
    stream: int = 0


@dataclass(frozen=True)
class ExploredRun:
    """What a searcher learns from one run."""

    path: tuple[Branch, ...]
    calls: tuple[CallRecord, ...]
    assignment: Mapping[str, Any]     # every variable's value in this run
    candidate: Candidate | None       # None for a random run
    diverged: bool
    new_path: bool                    # a signature no earlier run had
    notes: RunNotes
    complete: bool                    # no concretization: the path constraint is exact


class Searcher(Protocol):
    """Two optional attributes tell the engine how its fallback (`search/fallback.py`,
    DART's negation once the frontier is empty) serves this searcher:

    `uncovered` (default ""): what an empty frontier of a precise search does *not*
    mean was run.  Empty: every feasible path (DART's claim).  LATEST's frontier holds
    abstract paths, so it says which sides it leaves (inside expanded callees, those
    no abstract path needed); the engine then runs the fallback to its end before it
    reports `complete`, so the claim is DART's again.
    `uncovered_after_pruning` (default ""): the same, said only once some run was
    pruned (it violated an assumption: inputs outside the domain).  A compositional
    searcher's trees count every side a run took, also a pruned run's; a side only
    such runs took may have no input in the domain behind it (tests/integration/targets/pruned_callee.py).
    `fallback_directive` (default None): the directive under which the policy makes
    a real run, call for call, as DART would (the fallback's candidates carry it).
    `partial_paths` (default False): the searcher's runs record only part of their
    branches (SMART's region), so the fallback starts with one run under its directive.
    `guess(candidate)` (default: none is): the candidate is a guess whose divergence
    leaves no side of the searcher's claim unrun, so it does not make the search
    incomplete (LATEST's lazy half, whose `complete` DART's half carries).
    """

    def update(self, run: ExploredRun) -> None: ...
    def select(self) -> Candidate | None: ...
    def rejected(self, candidate: Candidate, status: Status) -> None: ...


class Splittable(Searcher, Protocol):
    """A flip-based searcher whose frontier can be cut among processes
    (engine/parallel.py): each pending candidate stands for a disjoint subtree, so
    another searcher may `take` one and explore below it while this one goes on."""

    tree: ExecutionTree

    def pending(self) -> int: ...                  # candidates waiting
    def take(self, candidate: Candidate) -> None: ...   # a flip candidate another searcher gave
    def give(self) -> Candidate | None: ...        # the shallowest pending one (the largest subtree), None below 2


def decisions(path: Sequence[Branch]) -> tuple[tuple[Site, bool], ...]:
    return tuple((b.site, b.taken) for b in path)


def flip(path: Sequence[Branch], j: int, assignment: Mapping[str, Any], origin: Any = None,
         directive: Any = None) -> Candidate:
    """The candidate that negates path[j] and keeps path[:j] (SMART paper, Figure 3)."""
    return Candidate(path_constraint(path, j), assignment,
                     (*decisions(path[:j]), (path[j].site, not path[j].taken)), directive, origin)


def follows(path: Sequence[Branch], expect: Sequence[tuple[Site, bool]]) -> bool:
    """Did the run take the predicted decisions?"""
    if len(path) < len(expect):
        return False
    return all(b.site == s and b.taken == t for b, (s, t) in zip(path, expect))


def insert_run(tree: ExecutionTree, run: ExploredRun) -> tuple[list[Node], int]:
    """Add a run of a flip-based searcher to its tree: (the node of each branch, the
    first index whose other side the run may still leave dangling).  A diverged run
    marks its candidate's side and may have dangling sides anywhere."""
    nodes = tree.insert(run.path)
    cand = run.candidate
    if cand is None:
        return nodes, 0
    node, side, j = cand.origin
    if run.diverged:
        tree.mark(node, side, SideStatus.DIVERGED)
        return nodes, 0
    return nodes, j + 1


def reject(tree: ExecutionTree, candidate: Candidate, status: Status) -> None:
    """Mark the side a flip candidate aimed at: infeasible, or unknown to the solver."""
    node, side, _ = candidate.origin
    tree.mark(node, side, SideStatus.INFEASIBLE if status is Status.UNSAT else SideStatus.UNKNOWN)
