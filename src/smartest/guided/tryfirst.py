"""`tryfirst`: a searcher wrapper that runs the must-unverified side first (§3.3).

When a run is interrupted at a `tryfirst MUST` whose MUST was false, the wrapper
does not show the run to the inner searcher (it was cut short: its tree would
record a false leaf).  It queues, ahead of everything the inner searcher has,
the candidate that keeps the run's prefix and makes MUST true.  That run, when
it comes, is handed to the inner searcher in place of the interrupted one (as
the answer to the inner candidate the interrupted run came from), so the inner
tree gets the `tryfirst` branch with MUST's side explored and its other side
dangling: the inner searcher re-generates the interrupted test later, in its
own order (after the MUST side's subtree, for DFS).  If no input makes MUST
true after that prefix, the interrupted run is simply run again, protected
from interrupting at the same point.

    inner candidate X ─► run interrupted at tryfirst (path[k]: MUST false)
        └─► first: prefix ∧ MUST ─sat─► run ─► inner.update(as X's run)
                                  └unsat─► rerun X's inputs (no interrupt ≤ k) ─► inner.update(as X's run)

The runtime interrupts only at decisions the searcher did not choose
(`runtime.protect`, the length of the candidate's expected prefix), at most
`INTERRUPTS` times per exploration, as in the paper.

A searcher whose candidate names no decisions (demand's: a formula Ψ aimed at a
dangling node, `expect == ()`) cannot take the MUST run as its answer: that run
may never reach its aim.  X is run again first, protected up to the tryfirst, and
the MUST side right after it, as a run the inner searcher did not ask for.  The
MUST side's query negates a branch of the raw path, so the run-local variables of
a compositional policy (a callee's formals, the values calls returned) are first
replaced by their terms over the inputs (`RunNotes.info["to_root"]`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from smartest.guided.runtime import GuidedRuntime
from smartest.search.protocol import Candidate, ExploredRun, Searcher, decisions, flip, follows
from smartest.solver.protocol import Status
from smartest.terms.rewrite import substitute


@dataclass(frozen=True)
class _Origin:
    """A candidate of the wrapper: what it stands for in the inner searcher."""

    inner: Candidate | None            # the inner candidate the interrupted run answered
    rerun: Candidate | None = None     # the interrupted run itself, if the MUST side is unsat


class TryFirstSearcher:
    def __init__(self, inner: Searcher, runtime: GuidedRuntime) -> None:
        self.inner = inner
        self.runtime = runtime
        self._first: list[Candidate] = []

    # What the engine's fallback needs to know is the inner searcher's (search/protocol.py).
    @property
    def uncovered(self) -> str:
        return getattr(self.inner, "uncovered", "")

    @property
    def uncovered_after_pruning(self) -> str:
        return getattr(self.inner, "uncovered_after_pruning", "")

    @property
    def partial_paths(self) -> bool:
        return getattr(self.inner, "partial_paths", False)

    @property
    def fallback_directive(self) -> Any:
        return getattr(self.inner, "fallback_directive", None)

    def select(self) -> Candidate | None:
        cand = self._first.pop() if self._first else self.inner.select()
        self.runtime.protect = len(cand.expect) if cand is not None else 0
        return cand

    def update(self, run: ExploredRun) -> None:
        cand = run.candidate
        inner = cand.origin.inner if cand is not None and isinstance(cand.origin, _Origin) else cand
        k = self.runtime.take_interrupt()
        if k is not None:
            directive = cand.directive if cand is not None else None
            rerun = Candidate(None, dict(run.assignment), decisions(run.path[:k + 1]), directive, _Origin(inner))
            must = _over_inputs(flip(run.path, k, run.assignment), run.notes.info.get("to_root"))
            if inner is None or inner.expect:
                self._first.append(replace(must, directive=directive, origin=_Origin(inner, rerun)))
            else:
                # The inner candidate aims beyond decisions (demand's Ψ at a dangling node):
                # a run that flipped the tryfirst may not reach its aim, so it cannot answer
                # it.  X runs again, protected, so its searcher judges the run it asked for;
                # the MUST side runs right after it as a run of its own.
                self._first.append(replace(must, origin=_Origin(None)))
                self._first.append(rerun)
            return
        if cand is not None and isinstance(cand.origin, _Origin):
            diverged = inner is not None and not follows(run.path, inner.expect)
            run = replace(run, candidate=inner, diverged=diverged)
        self.inner.update(run)

    def rejected(self, candidate: Candidate, status: Status) -> None:
        origin: Any = candidate.origin
        if isinstance(origin, _Origin):
            if origin.rerun is not None:
                self._first.append(origin.rerun)
            return
        self.inner.rejected(candidate, status)


def _over_inputs(cand: Candidate, to_root) -> Candidate:
    """The candidate's query over the program's inputs: a compositional policy's run
    has run-local variables (a callee's formals, the values calls returned) that only
    it can tie to the inputs (`RunNotes.info["to_root"]`)."""
    if not to_root or cand.constraints is None:
        return cand
    return replace(cand, constraints=tuple(substitute(c, to_root) for c in cand.constraints))
