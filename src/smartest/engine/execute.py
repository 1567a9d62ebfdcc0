"""One run of the target on concolic inputs, isolated from the tool.

The run gets a fresh recorder (the context variable), a per-run timer, its stdout
and stderr captured, and os._exit turned into an exception; whatever happens, it
ends as a `RunResult` and never as a crash of smartest.
"""
from __future__ import annotations

import contextlib
import io
import os
import signal
import threading
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Mapping

from smartest.calls.protocol import CallPolicy, RunNotes
from smartest.engine.outcome import (Outcome, ProcessExit, Raised, RunTimeout,
                                     describe_exception, is_bug, short_traceback)
from smartest.engine.target import Target
from smartest.errors import AssumptionViolated
from smartest.symbolic.realize import realize
from smartest.trace.path import Branch, Concretization
from smartest.trace.recorder import ACTIVE, CallRecord, Recorder



@dataclass(frozen=True)
class RunResult:
    inputs: Mapping[str, Any]
    path: tuple[Branch, ...]
    outcome: Outcome
    returned: Any
    raised: Raised | None
    bug: bool
    concretizations: tuple[Concretization, ...]
    truncated: bool
    duration_s: float
    output: str
    calls: tuple[CallRecord, ...] = ()
    signature: int = 0          # hash of every symbolic decision: equal signatures, same path
    notes: RunNotes = field(default_factory=RunNotes)
    traceback: str = ""         # of what a plain (replay) run raised, smartest's frames left out

    @property
    def complete(self) -> bool:
        return not self.concretizations and not self.truncated


def _on_alarm(signum, frame):
    raise RunTimeout()


def _fake_exit(status=0):
    raise ProcessExit(status)


def execute(target: Target, assignment: Mapping[str, Any], *, timeout: float, max_depth: int,
            strict: bool, symbolic: bool = True, policy: CallPolicy | None = None, directive: Any = None,
            options: Any = None) -> RunResult:
    """Run the target once.  `assignment` holds plain values for the parameters (and for
    any variable the call policy reads); the parameters' proxies (or, for a plain run,
    fresh plain objects) are made here, inside the run.  `options` (the exploration's) is handed to the run's recorder
    for code that reads run settings."""
    inputs = {p.name: assignment[p.name] for p in target.params}
    recorder = Recorder(max_depth=max_depth, options=options)
    if policy is not None:   # None: a plain replay, no call is intercepted
        policy.begin_run(assignment, directive)
    use_timer = threading.current_thread() is threading.main_thread()
    out = io.StringIO()
    returned = raised = exc_seen = None
    outcome = Outcome.RETURNED
    old_exit = os._exit
    old_handler = signal.signal(signal.SIGALRM, _on_alarm) if use_timer else None
    token = ACTIVE.set(recorder)
    t0 = time.perf_counter()
    try:
        os._exit = _fake_exit
        if use_timer:
            signal.setitimer(signal.ITIMER_REAL, timeout)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            # Inputs are built inside the run: building one may decide (which alternative
            # of a Union) or run the target's code (a class's __init__), and both belong
            # to the path; a constructor that raises is an outcome like any other.
            values = {p.name: (p.kind.proxy(p.name, inputs[p.name]) if symbolic
                               else p.kind.materialize(inputs[p.name])) for p in target.params}
            value = target.call(values)
        if use_timer:
            signal.setitimer(signal.ITIMER_REAL, 0)
        ACTIVE.reset(token)
        token = None
        returned = realize(value)
    except RunTimeout:
        outcome = Outcome.TIMEOUT
    except AssumptionViolated:
        outcome = Outcome.PRUNED
    except ProcessExit as e:
        outcome = Outcome.EXITED
        returned = e.status
    except KeyboardInterrupt:
        raise
    except BaseException as e:  # the target's outcome, whatever it is
        outcome = Outcome.RAISED
        exc_seen = e
    finally:
        if use_timer:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old_handler)
        os._exit = old_exit
        if token is not None:
            ACTIVE.reset(token)
    duration = time.perf_counter() - t0
    notes = policy.end_run(recorder) if policy is not None else RunNotes()
    if exc_seen is not None:
        raised = describe_exception(exc_seen, target.is_own_file)
    return RunResult(
        inputs=dict(inputs), path=tuple(recorder.path), outcome=outcome, returned=returned,
        raised=raised, bug=is_bug(outcome, raised, exc_seen, strict),
        concretizations=tuple(recorder.concretizations), truncated=recorder.truncated,
        duration_s=duration, output=out.getvalue()[-2000:], calls=tuple(recorder.calls),
        signature=recorder.signature, notes=notes,
        traceback=_traceback(exc_seen) if exc_seen is not None and not symbolic else "",
    )


def _traceback(exc: BaseException) -> str:
    return "Traceback (most recent call last):\n" + short_traceback(exc) + \
        "".join(traceback.format_exception_only(type(exc), exc))
