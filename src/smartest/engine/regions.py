"""Regions of the input space as the jobs of a parallel exploration, for searches whose
frontier is not a set of flips of one tree: SMART's context stack, the demand-driven
forest (engine/parallel.py hands them out like subtrees).

A flip job names a side by its index in a replayed run, which means the same thing in
every process only if every process decides the same branches; under SMART a call is
summarized in one worker and explored in another, so its outcome classes, hence the
indices, differ.  A region is named by constraints over the program's inputs instead:

    region job    the conjunction R; every query the worker's searcher asks (its
                  candidates, its fallback's) gets R in front, and its first run is
                  solved from R alone, as a random start of a fresh search
    split         the shallowest step no run of the region took (`Cuts`): G = the
                  path before it ∧ its negation; R ∧ G goes to another worker and
                  the giver goes on in R ∧ ¬G

The regions handed out and kept cover the giver's region, so the union of the
workers' searches is the whole input space.  A searcher confined to a region by
extra constraints is relatively complete within it (a side it drops as infeasible is
infeasible in the region; what it learns about callees holds everywhere), so the
exploration finds every path one process would.  What holds everywhere (SMART's path
summaries) travels between workers through the coordinator (`news`/`learn` of the
call policy); what holds in one region only (a calling context searched to its end
under R, a side infeasible under R) stays behind when a worker starts another region
(`restart` of the searcher).
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass, replace
from typing import Any, Sequence

from smartest.search.fallback import ConstraintFallback, over_inputs
from smartest.search.protocol import Candidate
from smartest.solver.protocol import Status
from smartest.terms import Term, build
from smartest.trace.path import Branch, path_constraint


class Cuts:
    """The paths of a region's runs, over the inputs, as a trie of (site, term, side)
    steps; `take` hands out the shallowest step no run took as the constraints of the
    inputs that take it.  A step below a value that is not an input (pinned at its
    concrete value, as DART's fallback does) names no exact region: none is offered."""

    def __init__(self, inputs) -> None:
        self.inputs = frozenset(inputs)
        self.reset()

    def reset(self) -> None:
        self.root: dict = {}
        self.heap: list = []      # (depth, order, trie node, the step not taken, path)
        self.order = 0

    def record(self, path: Sequence[Branch], to_root=None) -> None:
        if to_root:
            path = over_inputs(path, to_root)
        node = self.root
        for i, b in enumerate(path):
            if any(v.value not in self.inputs for v in b.term.free):
                return
            child = node.get((b.site, b.term, b.taken))
            if child is None:
                child = node[(b.site, b.term, b.taken)] = {}
                other = (b.site, b.term, not b.taken)
                if b.flippable and other not in node:
                    heapq.heappush(self.heap, (i, self.order, node, other, path))
                    self.order += 1
            node = child

    def take(self) -> tuple[Term, ...] | None:
        """The region of the shallowest step no run took (it is marked taken), or None."""
        while self.heap:
            i, _, node, other, path = heapq.heappop(self.heap)
            if other in node:
                continue        # a run took it since
            node[other] = {}
            return path_constraint(path, i)
        return None


@dataclass(frozen=True)
class Region:
    """A region job's constraints and the inputs of a run near it (hints for its first query)."""

    constraints: tuple[Term, ...]
    hints: dict


class Confined:
    """A worker's share of the search: the strategy's searcher, then (once it has
    nothing left) the engine's last resort as one process runs it (a violated
    assumption, DART's negation of an incomplete search: `Engine.last_resort`),
    confined to the worker's share (`bounds`) so that the fallback does not search
    what other workers hold.  The worker asks `pending` and runs `step`."""

    def __init__(self, engine) -> None:
        self.engine = engine
        self.next: tuple[Candidate, bool] | None = None
        self.active = False     # holds a share: a job came since it last ran out

    def bounds(self, own: bool) -> tuple[Term, ...]:
        """The constraints a candidate gets in front (`own`: the searcher's, else the fallback's)."""
        return ()

    def pending(self) -> bool:
        if not self.active:
            return False
        if self.next is None:
            cand = self.engine.searcher.select()
            if cand is not None:
                self.next = (cand, True)
            else:
                last, _ = self.engine.last_resort()
                self.next = (last, False) if last is not None else None
            self.active = self.next is not None
        return self.active

    def step(self) -> None:
        cand, own = self.next
        self.next = None
        extra = self.bounds(own)
        if extra and cand.constraints is not None:
            cand = replace(cand, constraints=(*extra, *cand.constraints))
        self.engine._attempt(cand, from_searcher=own)


class RegionWork(Confined):
    """A worker's regions: the strategy's own searcher confined to the current one.  A
    split `give`s; a job is `take`n (a fresh region: the searcher restarts)."""

    def __init__(self, engine, cuts: Cuts, region: tuple = ()) -> None:
        super().__init__(engine)
        self.cuts, self.region = cuts, tuple(region)
        engine.cuts = cuts
        self.regions = 0        # regions this worker started afresh

    def bounds(self, own: bool) -> tuple[Term, ...]:
        return self.region

    def take(self, region: Region) -> None:
        """Start a region: its first run is solved from its constraints (the whole
        space's, from its hints: the exploration's first run)."""
        self.active = True
        self.next = None
        e = self.engine
        e.searcher.restart()
        e.fallback = ConstraintFallback(e.inputs)   # a negation refused in the last region may hold here
        self.cuts.reset()
        self.region = region.constraints
        self.regions += 1
        assignment = dict(region.hints)
        if self.region:
            status = e.solve(self.region, assignment)
            if status is not Status.SAT:
                self.active = False   # an empty region (unknown: `complete` is cleared)
                return
        e._run(assignment, None)      # a random start of the fresh search, in the region

    def give(self) -> list[Region]:
        """One region cut from this one (the shallowest step no run took), or none
        while the searcher is not `settled` (SMART: a callee's summary is being built;
        a split now would have two workers build it)."""
        if not self.active or not getattr(self.engine.searcher, "settled", True):
            return []
        step = self.cuts.take()
        if step is None:
            return []
        given = Region((*self.region, *step), {})
        self.region = (*self.region, build.not_(build.and_(*step)))
        return [given]


def news(policy) -> Any:
    """What the call policy learned that holds in every region (SMART's new path summaries), or None."""
    told = getattr(policy, "news", None)
    return told() if told is not None else None


def known(policy) -> Any:
    """Everything the call policy learned that holds in every region, for a worker that
    starts without it (a Ray actor), or None."""
    told = getattr(policy, "known", None)
    return told() if told is not None else None


def learn(policy, what: Any) -> Any:
    """Tell the call policy what another worker learned; what was new to it."""
    hear = getattr(policy, "learn", None)
    return hear(what) if hear is not None and what else None
