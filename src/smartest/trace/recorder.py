"""The recorder: the one context variable of smartest, active while a run executes.

Proxies ask `ACTIVE.get()` for the recorder when a symbolic bool is asked for its
truth (a branch), when an implicit check of the runtime depends on a symbolic value
(an index bound, a zero divisor), or when an operation falls outside the theory and
must use the concrete value (a concretization, which clears `complete`).  Outside a
run there is no recorder and proxies behave as their concrete values.

Besides the path constraint, the recorder keeps two things every strategy shares:

* the **calls** to intercepted functions, in the order they started, each with the
  stretch of the path its own branches occupy (compositional strategies cut the
  path at these boundaries: a summary, an abstract path, an expansion);
* the **signature** of the run: every symbolic decision, including those taken
  while the path constraint is suspended inside a summarized call.  Two runs with
  the same signature followed the same path, whatever the strategy recorded, so
  `paths` means the same thing for every strategy.  A policy may also keep a
  **log** of the decisions from a point of the run on (`log`), to tell whether two
  runs went on the same way after that point.
"""
from __future__ import annotations

import contextvars
import sys
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Callable

from hashlib import blake2b as _blake2b   # bound now: exploration wraps hashlib's names

from smartest.terms import Term
from smartest.trace.path import Branch, Concretization
from smartest.trace.site import Site, user_site

_IDS: dict = {}     # a site or a function's name -> its number in signatures


def _id(what: Site | str) -> int:
    """A number for a site (by `Site.key`) or a name that is the same in every process:
    workers of one exploration (Ray actors start with other string hash seeds, and so
    other hashes of code objects) judge "new path" by signatures the coordinator compares."""
    n = _IDS.get(what)
    if n is None:
        text = what if isinstance(what, str) else what.key
        n = _IDS[what] = int.from_bytes(_blake2b(text.encode(), digest_size=8).digest(), "little", signed=True)
    return n

ACTIVE: contextvars.ContextVar["Recorder | None"] = contextvars.ContextVar(
    "smartest_recorder", default=None
)


@dataclass
class CallRecord:
    """One call of an intercepted function during a run.

    `start`/`end` delimit the branches of `Recorder.path` recorded while it was the
    innermost active call (and its callees'); `args` and `result` hold the values the
    caller passed and got back (proxies, so their terms are available)."""

    index: int                 # k: this is the k-th intercepted call of the run
    qualname: str
    site: Site                 # the call site in the caller
    parent: int                # index of the enclosing intercepted call, -1 for the target
    start: int                 # len(path) when the call began
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)
    end: int = -1              # len(path) when it returned (-1 while active / if it raised)
    result: Any = None
    raised: BaseException | None = None
    mode: str = "inline"       # what the call policy did: inline, summary, abstract, opaque...
    seen: Any = None           # what the caller got back from the policy (a fresh proxy if abstracted)


class Recorder:
    """Collects one run's path (branches in order), calls and concretizations."""

    __slots__ = ("path", "concretizations", "max_depth", "truncated", "_concretized_sites", "_decided",
                 "calls", "frames", "suspended", "signature", "decisions", "options", "interrupted", "log",
                 "canon", "observed")

    def __init__(self, max_depth: int = 5000, options: Any = None) -> None:
        self.path: list[Branch] = []
        self.concretizations: list[Concretization] = []
        self.max_depth = max_depth
        self.truncated = False
        self._concretized_sites: set[tuple[Site, str, str]] = set()
        self._decided: set[Term] = set()
        self.calls: list[CallRecord] = []
        self.frames: list[int] = []       # indices of the active intercepted calls, innermost last
        self.suspended = 0                # > 0: decisions are not added to the path constraint
        self.signature = 0                # hash chain of every decision (site, taken)
        self.decisions = 0
        self.options = options            # the exploration's Options, for code that reads run settings
        # The exception by which the search cut this run short (a `tryfirst` interrupt):
        # its paths stop there without ending there, so no policy may record an outcome.
        self.interrupted: BaseException | None = None
        # Every decision's (site, taken) from where a policy set it to a list on, as the
        # signature counts them (suspended ones too); None: not kept.
        self.log: list[tuple[int, bool]] | None = None
        # A policy that stands variables of its own for what a call gets and returns
        # (SMART in DART's order) says what each condition is over the inputs: a
        # condition already decided *there* is not recorded again, as in DART's run.
        # `observed` then keeps every condition as the callee decided it (its own
        # variables), which its path summary needs, implied or not.
        self.canon: Callable[[Term], Term] | None = None
        self.observed: list[Branch] | None = None

    @property
    def complete(self) -> bool:
        """False when this run left the solver's theory or was cut at the depth bound."""
        return not self.concretizations and not self.truncated

    @property
    def frame(self) -> int:
        return self.frames[-1] if self.frames else -1

    def branch(self, term: Term, taken: bool, frame: FrameType | None = None, site: Site | None = None) -> None:
        """Record a decision; `site` stands in for a frame where there is no user code
        to point at (a choice made while an input is built)."""
        if term.op == "const":
            return
        if site is None:
            site = user_site(frame if frame is not None else sys._getframe(1))
        self.signature = hash((self.signature, _id(site), taken))
        self.decisions += 1
        if self.log is not None:
            self.log.append((_id(site), taken))
        if self.suspended:
            return
        key = term if self.canon is None else self.canon(term)
        decided = key in self._decided
        if decided and self.observed is None:
            # A condition already decided on this path is implied: recording it again
            # would only add a branch whose other side is infeasible (a wasted query).
            return
        branch = Branch(site, term, taken, frame=self.frame)
        if self.observed is not None:
            self.observed.append(branch)     # the same object as on the path, if it goes there
        if decided:
            return
        self._decided.add(key)
        if len(self.path) >= self.max_depth:
            self.truncated = True
            return
        self.path.append(branch)

    def assume(self, term: Term, holds: bool, frame: FrameType | None = None, site: Site | None = None) -> None:
        """Add a condition the path must satisfy but that no search negates: an
        `assume(...)` of the user, or an instantiated summary of a callee."""
        if term.op == "const":
            return
        key = term if self.canon is None else self.canon(term)
        decided = key in self._decided
        if decided and self.observed is None:
            return     # implied: as in branch(), and without walking the stack for a site
        if site is None:
            site = user_site(frame if frame is not None else sys._getframe(1))
        branch = Branch(site, term, holds, flippable=False, frame=self.frame)
        if self.observed is not None:
            self.observed.append(branch)
        if decided:
            return
        self._decided.add(key)
        self.path.append(branch)

    def concretize(self, reason: str, frame: FrameType | None = None, site: Site | None = None,
                   callee: str = "") -> None:
        """`site` stands in for a frame where there is no user code to point at (a
        policy's note at the end of a run); `callee` names what used the concrete value."""
        if site is None:
            site = user_site(frame if frame is not None else sys._getframe(1))
        key = (site, reason, callee)
        if key not in self._concretized_sites:
            self._concretized_sites.add(key)
            self.concretizations.append(Concretization(site, reason, callee))

    # -- calls ----------------------------------------------------------------
    def enter_call(self, qualname: str, site: Site, args: tuple, kwargs: dict, mode: str) -> CallRecord:
        call = CallRecord(len(self.calls), qualname, site, self.frame, len(self.path), args, kwargs, mode=mode)
        self.calls.append(call)
        self.frames.append(call.index)
        self.signature = hash((self.signature, 1, _id(qualname)))
        return call

    def exit_call(self, call: CallRecord, result: Any = None, raised: BaseException | None = None) -> None:
        if self.frames and self.frames[-1] == call.index:
            self.frames.pop()
        call.end = len(self.path)
        call.result, call.raised = result, raised
        self.signature = hash((self.signature, 2, _id(call.qualname)))


def record_branch(term: Term, taken: bool) -> bool:
    """Record an implicit branch of the runtime (bounds, zero divisor) and return `taken`."""
    rec = ACTIVE.get()
    if rec is not None:
        rec.branch(term, taken, sys._getframe(1))
    return taken


def record_concretization(reason: str, callee: str = "") -> None:
    rec = ACTIVE.get()
    if rec is not None:
        rec.concretize(reason, sys._getframe(1), callee=callee)


TEXT_IN_C = "C code took the text of a symbolic value (a list's, tuple's or exception's repr, print)"


def record_text_in_c(callee: str) -> None:
    """A proxy's `__repr__` (an int's, float's, bool's also `__str__`) was called.

    smartest's own models never call these dunders (`str(n)`, `repr(s)`, f-strings read
    the term), so the caller is C code: `str([s])`, `repr((n, 1))`, `str(KeyError(s))`,
    `str(ValueError(n))`, `print(n)`.  The digits or quotes it gets are concrete and the
    term is left behind, and what it builds can flow back into a branch
    (`if str([s]) == "['a']"`), so the run is not a promise any more."""
    rec = ACTIVE.get()
    if rec is not None:
        rec.concretize(TEXT_IN_C, sys._getframe(2), callee=callee)
