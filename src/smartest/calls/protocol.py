"""The CallPolicy interface: what happens when the target calls one of its own
functions.  The engine loop never knows which policy is active.

A policy names the functions it wants to intercept; the engine wraps those in their
module (or class) namespace for the duration of the exploration, and each call to
one reaches `on_call` as a `Call`.  The policy may run it with its branches on the
path (`proceed`: DART's inlining, SMART's exploration of a callee), run it with its
decisions kept off the path (`proceed_silently`: a summarized call), or not run it
at all and answer a value of its own (`skip`: LATEST's abstraction).  Whatever it
does, the call is recorded (`Recorder.calls`), so searchers can cut paths at calls.

`begin_run` hands the policy what the searcher decided for the run (the values of
non-parameter variables, such as abstracted return values, and a directive it
understands); `end_run` says whether the run was a real execution of the program
(`RunNotes.abstract` is false) or only an abstraction of one, which is never
reported as a test.
"""
from __future__ import annotations

import inspect
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol

from smartest.trace.recorder import CallRecord, Recorder
from smartest.trace.site import user_site

_SIGNATURES: dict[Callable, inspect.Signature] = {}   # intercepted functions: a few per run


@dataclass
class RunNotes:
    """What the policy says about a finished run."""

    abstract: bool = False     # some call did not really run: not a test of the program
    info: dict = field(default_factory=dict)


class Call:
    """One call of an intercepted function, as the policy sees it."""

    __slots__ = ("recorder", "qualname", "fn", "args", "kwargs", "site", "record")

    def __init__(self, recorder: Recorder, qualname: str, fn: Callable, args: tuple, kwargs: dict) -> None:
        self.recorder = recorder
        self.qualname = qualname
        self.fn = fn
        self.args = args
        self.kwargs = kwargs
        self.site = user_site()
        self.record: CallRecord | None = None

    def bind(self) -> inspect.BoundArguments | None:
        """The call's arguments by parameter name, defaults applied; None when the
        function takes *args/**kwargs (no fixed formal parameters to summarize over)
        or the arguments do not fit (the call itself will raise)."""
        sig = _SIGNATURES.get(self.fn)
        if sig is None:
            sig = _SIGNATURES[self.fn] = inspect.signature(self.fn)
        if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in sig.parameters.values()):
            return None
        try:
            bound = sig.bind(*self.args, **self.kwargs)
        except TypeError:
            return None
        bound.apply_defaults()
        return bound

    def proceed(self, mode: str = "inline", args: tuple | None = None, kwargs: dict | None = None) -> Any:
        """Run the function; its branches join the path (tagged with this call).
        `args`/`kwargs` replace the caller's (e.g. by proxies over formal parameters)."""
        a = self.args if args is None else args
        k = self.kwargs if kwargs is None else kwargs
        rec = self.recorder
        self.record = rec.enter_call(self.qualname, self.site, self.args, self.kwargs, mode)
        try:
            result = self.fn(*a, **k)
        except BaseException as e:
            rec.exit_call(self.record, raised=e)
            raise
        rec.exit_call(self.record, result)
        return result

    def proceed_silently(self, mode: str = "silent", args: tuple | None = None, kwargs: dict | None = None) -> Any:
        """Run the function concretely; its decisions stay off the path constraint
        (they still count in the run's signature)."""
        self.recorder.suspended += 1
        try:
            return self.proceed(mode, args, kwargs)
        finally:
            self.recorder.suspended -= 1

    def skip(self, result: Any, mode: str = "abstract") -> Any:
        """Do not run the function: record the call as answering `result`."""
        rec = self.recorder
        self.record = rec.enter_call(self.qualname, self.site, self.args, self.kwargs, mode)
        rec.exit_call(self.record, result)
        return result


class CallPolicy(Protocol):
    name: str

    def intercepts(self, qualname: str, fn: Callable) -> bool:
        """Should calls to this function of the target go through `on_call`?"""
        ...

    def begin_run(self, assignment: Mapping[str, Any], directive: Any) -> None:
        """A run is about to start with these variable values and this directive."""
        ...

    def on_call(self, call: Call) -> Any:
        ...

    def end_run(self, recorder: Recorder) -> RunNotes:
        """The run ended; `recorder` holds its path and calls."""
        ...


class FrameBudget:
    """The recursion limit of one run, raised by the frames interception adds at each
    intercepted call, so the target's own recursion gets the budget it has when it
    runs plainly (a RecursionError that only interception caused would be a bug no
    plain run reproduces).  `frames` maps how a call is run to the frames it adds."""

    def __init__(self, frames: Mapping[str, int]) -> None:
        self.frames = frames
        self.limit = sys.getrecursionlimit()

    def enter(self) -> int:
        """At an intercepted call: the limit to restore when it returns (`leave`).
        Callers inline the try/finally, so the guard adds no frame of its own."""
        return self.limit

    def leave(self, base: int) -> None:
        self.limit = base
        sys.setrecursionlimit(base)

    def add(self, mode: str) -> None:
        self.limit += self.frames[mode]
        sys.setrecursionlimit(self.limit)
