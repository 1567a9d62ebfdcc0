"""DART's depth-first search and SAGE's generational search in strict turns over one
tree, each keeping the order it would have alone: a bug comes within about twice the
runs of the better of the two.

Why (issue 12, item 4): depth-first search can spend its whole budget under the first
branch of a long input, generational search can take a whole generation before the
deep side it needs; no single order is within 2x of the best on every program of
benchmarks/ and the corpus (notes/default-2x.md).  A portfolio is: it runs both
searches, one run each in turn, and lets each use the other's runs for free.

    every side (a flip candidate) is an Entry, shared by all halves:
        WAITING ──select──► RUNNING ──update──► DONE (its run's path, its children)
                                    └─rejected─► CLOSED (no children)   (give: CLOSED too)

    half h's turn: pop h's own frontier in h's own order
        WAITING -> h chooses it: one run
        DONE    -> h expands it as if h had run it (its children onto h's frontier,
                   ordered as h orders them: DFS on top of its stack, generational
                   scored by the new coverage of that run for h), and pops again: free
        CLOSED  -> dropped, as h alone would drop an unsat side: free

**The bound.**  Let the first input with a bug be DART's k_D-th run alone and
generational's k_G-th (the first run, from random inputs, is the same for all).
A half's frontier, its order and its notion of coverage change only when it expands a
run, and it expands every run in the same order as it would alone, whether it or the
other half made it; so the sequence of sides each half visits is its solitary one, and
on each of its turns it gets at least one side further along that sequence.  Halves
alternate, DFS first, so DFS's m-th choice is run 2m and generational's m-th is run
2m + 1 (a half that finds nothing waiting means nothing waits at all: every entry is a
child of a run both halves expand, or of a run neither asked for, which goes to both).
By DFS's (k_D - 1)-th turn or generational's (k_G - 1)-th the bug's side has been run
by one of them: the bug comes by run min(2 k_D - 2, 2 k_G - 1) < 2 min(k_D, k_G).

**Where it does not hold exactly.**  (1) Models.  z3's incremental solvers answer with
models that depend on what they were asked before; so each half's queries carry a
stream of their own (`Query.stream`: solvers and cache apart).  A half's stream still
lacks the queries of the sides the other half ran for it, so a later model, and the
path below a flipped side, may differ from the solitary search's (the side is the same;
its subtree's paths may not be).  calc_tokens: 36 runs against DART's 19 with streams,
46 without.  (2) A diverged run leaves dangling sides anywhere (search/protocol.py
`insert_run`): which are still dangling depends on what both halves ran, so its children
are those of the shared tree, not of either half's own.  (3) The engine's fallback and
carried runs (runs no half asked for) go to both halves at once, as they would to each
alone.  (4) Deepening: each round builds a new searcher and ends at its share of the
budget, so the bound holds per round; a bug one search finds late in a round the
portfolio may reach only in a later round (the PL/0 `.` at seeds 1 and 3 under the
default flags: generational 48, the portfolio over 100; notes/s5-portfolio.md).

A `schedule` other than strict turns (strategies/portfolio/duet.py: generational search
at doubling gaps beside the interleaved order) keeps the argument: only the run at which
a half's m-th choice comes changes.

The search ends when no side waits (DART's `complete`: the DFS half's frontier holds
every side ever made).  `PortfolioSearcher(("dfs", "generational", "shallow"))` is the
three-way variant (`portfolio3`: the shallowest side not yet covered as a third half),
bound 3x; it finds the PL/0 `.` sooner (40 at those seeds) but calc_tokens later (53).
"""
from __future__ import annotations

import heapq
import itertools
from dataclasses import replace
from typing import Callable, Sequence

from smartest.calls.inline import InlinePolicy
from smartest.search.protocol import Candidate, ExploredRun, flip, insert_run, reject
from smartest.solver.protocol import Status
from smartest.strategies.portfolio.interleaved_half import InterleavedHalf
from smartest.trace.path import Branch
from smartest.trace.tree import ExecutionTree, dangling_sides

WAITING, RUNNING, DONE, CLOSED = range(4)


class Entry:
    """One side to flip, shared by every half; once run, its run's path and children."""

    __slots__ = ("cand", "state", "path", "children", "owner", "turn")

    def __init__(self, cand: Candidate) -> None:
        self.cand = cand
        self.state = WAITING
        self.path: Sequence[Branch] = ()
        self.children: list[Entry] = []
        self.owner = -1     # the index of the half that chose it, while RUNNING
        self.turn = -1      # the turn (the portfolio's choice count) it was chosen at

    @property
    def depth(self) -> int:
        return self.cand.origin[2]


class DepthFirstHalf:
    """DART's order (search/dfs.py): a run's sides pushed in path order, deepest popped first."""

    def __init__(self) -> None:
        self._stack: list[Entry] = []

    def expand(self, path: Sequence[Branch], children: list[Entry]) -> None:
        self._stack.extend(children)

    def adopt(self, entry: Entry) -> None:
        self._stack.append(entry)

    def pop(self) -> Entry | None:
        return self._stack.pop() if self._stack else None


class GenerationalHalf:
    """SAGE's order (strategies/generational.py): a run's sides scored by how many
    (site, side) pairs the run was first to take, among the runs this half expanded."""

    def __init__(self) -> None:
        self._heap: list[tuple[int, int, Entry]] = []
        self._seen: set = set()
        self._tie = itertools.count()

    def expand(self, path: Sequence[Branch], children: list[Entry]) -> None:
        fresh = 0
        for b in path:
            key = (b.site, b.taken)
            if key not in self._seen:
                self._seen.add(key)
                fresh += 1
        for e in children:
            heapq.heappush(self._heap, (-fresh, next(self._tie), e))

    def adopt(self, entry: Entry) -> None:
        heapq.heappush(self._heap, (0, next(self._tie), entry))    # as GenerationalSearcher.take

    def pop(self) -> Entry | None:
        return heapq.heappop(self._heap)[2] if self._heap else None


class ShallowHalf:
    """The shallowest side whose (site, side) no run this half expanded took, else the
    shallowest of all (the coverage choice of strategies/interleaved.py, in pure form).
    A side only ever goes from uncovered to covered, so a popped side whose mark is stale
    goes back with its new one (a lazy heap)."""

    def __init__(self) -> None:
        self._heap: list[tuple[int, int, int, Entry]] = []
        self._seen: set = set()
        self._tie = itertools.count()

    def expand(self, path: Sequence[Branch], children: list[Entry]) -> None:
        self._seen.update((b.site, b.taken) for b in path)
        for e in children:
            self.adopt(e)

    def adopt(self, entry: Entry) -> None:
        covered = int(entry.cand.expect[-1] in self._seen)
        heapq.heappush(self._heap, (covered, entry.depth, next(self._tie), entry))

    def pop(self) -> Entry | None:
        while self._heap:
            covered, depth, tie, e = heapq.heappop(self._heap)
            if not covered and e.cand.expect[-1] in self._seen:
                heapq.heappush(self._heap, (1, depth, tie, e))
                continue
            return e
        return None


HALVES = {"dfs": DepthFirstHalf, "generational": GenerationalHalf, "shallow": ShallowHalf,
          "interleaved": InterleavedHalf}


class PortfolioSearcher:
    """The halves named by `halves` over one tree, in strict turns first to last unless
    `schedule` (a turn, counted in runs the halves chose, -> the index of its half) says
    otherwise (strategies/portfolio/duet.py); each half's queries on a solver stream of
    its own unless `streams` (half -> `Query.stream`) says otherwise (the duet's, and
    why, in its docstring)."""

    def __init__(self, halves: Sequence[str] = ("dfs", "generational"),
                 schedule: Callable[[int], int] | None = None, streams: Sequence[int] | None = None) -> None:
        self.tree = ExecutionTree()
        self._halves = [HALVES[h]() for h in halves]
        self._turn = 0                                  # choices made so far (unsat ones not counted)
        n = len(self._halves)
        self._schedule = schedule or (lambda turn: turn % n)    # turn -> the half whose turn it is
        self._streams = tuple(streams or range(1, n + 1))  # the solver stream of each half's queries
        self._running: dict[tuple, Entry] = {}         # (node, side) -> the entry chosen for it
        self._shallow: list[tuple[int, int, Entry]] = []   # every entry by depth, for `give`
        self._tie = itertools.count()
        self._live = 0                                  # entries WAITING
        self.choices = [0] * len(self._halves)         # runs each half chose (for tests and notes)

    def _entry(self, cand: Candidate) -> Entry:
        e = Entry(cand)
        self._live += 1
        heapq.heappush(self._shallow, (e.depth, next(self._tie), e))
        return e

    def update(self, run: ExploredRun) -> None:
        nodes, start = insert_run(self.tree, run)
        children = [self._entry(flip(run.path, j, run.assignment, (node, not run.path[j].taken, j)))
                    for j, node in dangling_sides(run.path, nodes, start)]
        entry = None
        if run.candidate is not None:
            node, side, _ = run.candidate.origin
            entry = self._running.pop((node, bool(side)), None)
        if entry is None:
            # A run no half chose (random, the fallback's, carried from a round before):
            # each half would have had it alone too.
            for half in self._halves:
                half.expand(run.path, children)
            return
        entry.state, entry.path, entry.children = DONE, run.path, children
        self._halves[entry.owner].expand(run.path, children)

    def select(self) -> Candidate | None:
        """The next side of the half whose turn it is (the turn passes on once it is run).
        Should that half have none waiting, none waits at all (module docstring); the
        others are asked anyway."""
        asked: set[int] = set()
        k = 0
        while len(asked) < len(self._halves):
            i = self._schedule(self._turn + k)
            if i not in asked:
                asked.add(i)
                entry = self._next(i)
                if entry is not None:
                    entry.turn = self._turn + k
                    self._turn += k + 1
                    self.choices[i] += 1
                    return replace(entry.cand, stream=self._streams[i])
            k += 1
        return None

    def _next(self, i: int) -> Entry | None:
        """Half i's next WAITING side in its own order, expanding the runs of others on the way."""
        half = self._halves[i]
        while (e := half.pop()) is not None:
            if e.state == WAITING:
                e.state, e.owner = RUNNING, i
                self._live -= 1
                node, side, _ = e.cand.origin
                self._running[(node, bool(side))] = e
                return e
            if e.state == DONE:
                half.expand(e.path, e.children)
        return None

    def rejected(self, candidate: Candidate, status: Status) -> None:
        reject(self.tree, candidate, status)
        node, side, _ = candidate.origin
        entry = self._running.pop((node, bool(side)), None)
        if entry is not None:
            # An unsat side costs its half a query, not a run: the turn stays with it,
            # so that turns count runs (the bound is in runs).
            entry.state = CLOSED
            self._turn = entry.turn
            self.choices[entry.owner] -= 1

    # -- Splittable (search/protocol.py)
    def pending(self) -> int:
        return self._live

    def take(self, candidate: Candidate) -> None:
        """A flip candidate given by another searcher: on every half's frontier, as each alone would take it."""
        e = self._entry(candidate)
        for half in self._halves:
            half.adopt(e)

    def give(self) -> Candidate | None:
        """The shallowest waiting side (the largest subtree); every half drops it."""
        if self._live < 2:
            return None
        while self._shallow:
            _, _, e = heapq.heappop(self._shallow)
            if e.state == WAITING:
                e.state = CLOSED
                self._live -= 1
                return e.cand
        return None


def build(options, solver, target) -> tuple[PortfolioSearcher, InlinePolicy]:
    """The `portfolio` strategy: DART's and generational search in turn, every call inlined."""
    return PortfolioSearcher(), InlinePolicy()


def build_three(options, solver, target) -> tuple[PortfolioSearcher, InlinePolicy]:
    """DFS, generational and shallowest-uncovered in turn (bound 3x)."""
    return PortfolioSearcher(("dfs", "generational", "shallow")), InlinePolicy()
