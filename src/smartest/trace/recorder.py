"""The recorder: the one context variable of smartest, active while a run executes.

Proxies ask `ACTIVE.get()` for the recorder when a symbolic bool is asked for its
truth (a branch), when an implicit check of the runtime depends on a symbolic value
(an index bound, a zero divisor), or when an operation falls outside the theory and
must use the concrete value (a concretization, which clears `complete`).  Outside a
run there is no recorder and proxies behave as their concrete values.
"""
from __future__ import annotations

import contextvars
import sys
from types import FrameType

from smartest.terms import Term
from smartest.trace.path import Branch, Concretization
from smartest.trace.site import Site, user_site

ACTIVE: contextvars.ContextVar["Recorder | None"] = contextvars.ContextVar(
    "smartest_recorder", default=None
)


class Recorder:
    """Collects one run's path (branches in order) and its concretizations."""

    __slots__ = ("path", "concretizations", "max_depth", "truncated", "_concretized_sites", "_decided")

    def __init__(self, max_depth: int = 5000) -> None:
        self.path: list[Branch] = []
        self.concretizations: list[Concretization] = []
        self.max_depth = max_depth
        self.truncated = False
        self._concretized_sites: set[tuple[Site, str]] = set()
        self._decided: set[Term] = set()

    @property
    def complete(self) -> bool:
        """False when this run left the solver's theory or was cut at the depth bound."""
        return not self.concretizations and not self.truncated

    def branch(self, term: Term, taken: bool, frame: FrameType | None = None) -> None:
        if term.op == "const" or term in self._decided:
            # A condition already decided on this path is implied: recording it again
            # would only add a branch whose other side is infeasible (a wasted query).
            return
        self._decided.add(term)
        if len(self.path) >= self.max_depth:
            self.truncated = True
            return
        self.path.append(Branch(user_site(frame if frame is not None else sys._getframe(1)), term, taken))

    def assume(self, term: Term, holds: bool, frame: FrameType | None = None) -> None:
        """Add a condition the path must satisfy but that no search negates: an
        `assume(...)` of the user, or an instantiated summary of a callee."""
        if term.op == "const" or term in self._decided:
            return
        self._decided.add(term)
        site = user_site(frame if frame is not None else sys._getframe(1))
        self.path.append(Branch(site, term, holds, flippable=False))

    def concretize(self, reason: str, frame: FrameType | None = None) -> None:
        site = user_site(frame if frame is not None else sys._getframe(1))
        key = (site, reason)
        if key not in self._concretized_sites:
            self._concretized_sites.add(key)
            self.concretizations.append(Concretization(site, reason))


def record_branch(term: Term, taken: bool) -> bool:
    """Record an implicit branch of the runtime (bounds, zero divisor) and return `taken`."""
    rec = ACTIVE.get()
    if rec is not None:
        rec.branch(term, taken, sys._getframe(1))
    return taken


def record_concretization(reason: str) -> None:
    rec = ACTIVE.get()
    if rec is not None:
        rec.concretize(reason, sys._getframe(1))
