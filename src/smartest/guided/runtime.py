"""The runtime of instrumented functions: `conj`, `check`, `assume`, `tryfirst`.

One `GuidedRuntime` per exploration sits in the globals of each instrumented
module as `__smartest_guided__`.  Outside a run (no recorder) every method is
the plain meaning of the annotation, so an instrumented function called by
anything else behaves as the original.

* `conj(a, P)` is the update `a = a && P`, built as a term (no branch on `a`).
* `check(P, A, env)` is `assume(A => P); assert P` (§2.1): the implication joins
  the path as an assumption, and a run whose inputs satisfy the supposition but
  not P is pruned, since P was verified under A.
* `assume(MAY, env)` is the may-unverified instrumentation (§3.2).  The callee's
  condition is or-ed with what its callers still run (`continuation.py`); when
  the result is false the rest of the run is verified.  The run is then aborted
  (a pruned run: the violated condition is on its path, so the search next tries
  inputs that satisfy it) -- unless it has already passed an unverified
  assertion: then it is a non-redundant test, and it finishes with its remaining
  decisions kept off the path, so the verified rest is pruned from the search
  all the same but the test is kept.
* `tryfirst(MUST, env)` (§3.3) records MUST as a branch.  When MUST is false at a
  decision the searcher did not choose (beyond the candidate's expected prefix),
  and the interrupt budget allows, the run is interrupted: `tryfirst.py` then runs
  the side where MUST holds first, and the interrupted side comes back later as
  the branch's ordinary other side.
"""
from __future__ import annotations

import sys
from collections import Counter
from typing import Any, Mapping

from smartest.annotations import assume
from smartest.errors import AssumptionViolated
from smartest.guided.continuation import Continuations
from smartest.guided.values import and_, concrete, condition, evaluate, not_, or_
from smartest.terms import build
from smartest.trace.recorder import ACTIVE, Recorder

INTERRUPTS = 4          # the paper's bound on tryfirst interrupts per unit under test


class TryFirstInterrupt(AssumptionViolated):
    """Ends a run interrupted by a `tryfirst`: like a pruned run, not a test."""


class GuidedRuntime:
    def __init__(self, continuations: Continuations | None, interrupts: int = INTERRUPTS) -> None:
        self.continuations = continuations
        self.interrupts_left = interrupts
        self.protect = 0                      # path length the searcher chose for the next run
        self.interrupted_at: int | None = None
        self.counts: Counter = Counter()
        self._recorder: Recorder | None = None
        self._passed_unverified = False

    def _active(self) -> Recorder | None:
        rec = ACTIVE.get()
        if rec is None or rec.suspended:
            return None
        if rec is not self._recorder:         # a new run
            self._recorder = rec
            self._passed_unverified = False
        return rec

    # -- the encoding of §2.1 ---------------------------------------------------
    def conj(self, a: Any, p: Any):
        if ACTIVE.get() is None:
            return bool(a) and bool(p)
        return and_(condition(a), condition(p))

    def check(self, p: Any, supposition: str, env: Mapping[str, Any], message: Any = None) -> None:
        rec = self._active()
        holds = condition(p) if rec is not None else p
        if rec is not None:
            verified = evaluate(supposition, env)
            if not concrete(verified):
                self._passed_unverified = True
            assume(or_(not_(verified), holds))
        elif not holds and ACTIVE.get() is not None and concrete(evaluate(supposition, env)):
            # Under smartest with recording suspended (a call SMART summarized, the
            # verified rest of a kept run): inputs the verified P rejects are still
            # outside the domain, so the run is pruned as a recorded one is, not
            # reported as a failed assertion (tests/integration/targets/pruned_callee.py: SMART's runs through a summarized
            # `settle` raised where recorded ones were pruned, and its summary broke).
            raise AssumptionViolated()
        if not holds:
            raise AssertionError(message) if message is not None else AssertionError()

    def unverified(self) -> None:
        if self._active() is not None:
            self._passed_unverified = True

    # -- §3.2: may-unverified ----------------------------------------------------
    def assume(self, formula: str, env: Mapping[str, Any]) -> None:
        rec = self._active()
        if rec is None:
            return
        own = evaluate(formula, env)
        if own is True:
            return
        frame = sys._getframe(1)
        rest = self.continuations.after(frame) if self.continuations is not None else False
        if rest is None:
            self.counts["unknown_callers"] += 1
            return
        cond = or_(own, rest)
        if cond is True:
            return
        if cond is not False:
            rec.assume(cond.term, cond.value, frame)
        if concrete(cond):
            return
        if self._passed_unverified:
            self.counts["kept"] += 1
            rec.suspended += 1          # for the rest of this run: its decisions stay off the path
            return
        self.counts["pruned"] += 1
        raise AssumptionViolated()

    # -- §3.3: must-unverified ----------------------------------------------------
    def tryfirst(self, formula: str, env: Mapping[str, Any]) -> None:
        rec = self._active()
        if rec is None:
            return
        cond = evaluate(formula, env)
        if cond is True or cond is False:
            return
        t, negated = cond.term, build.not_(cond.term)
        if any(b.term is t or b.term is negated for b in rec.path):
            return          # decided by the path already: its other side is infeasible here
        n = len(rec.path)
        if cond or len(rec.path) != n + 1:     # holds, or was implied by the path
            return
        if n < self.protect or self.interrupts_left <= 0:
            return
        self.interrupts_left -= 1
        self.interrupted_at = n
        self.counts["interrupts"] += 1
        rec.interrupted = TryFirstInterrupt()
        raise rec.interrupted

    def take_interrupt(self) -> int | None:
        """The path index of the tryfirst that interrupted the last run, if one did."""
        at, self.interrupted_at = self.interrupted_at, None
        return at
