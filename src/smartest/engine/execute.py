"""One run of the target on concolic inputs, isolated from the tool.

The run gets a fresh recorder (the context variable), a per-run timer, its stdout
and stderr captured, os._exit turned into an exception, the sandbox confining its
side effects, and the process state it could change saved and put back
(engine/isolation.py); whatever happens, it ends as a `RunResult` and never as a
crash of smartest.  A process the target forks ends when its copy of the run does.
"""
from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import signal
import threading
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from smartest.calls.protocol import CallPolicy, RunNotes
from smartest.engine import ambient, isolation
from smartest.engine.caches import clear_own_caches
from smartest.engine.outcome import (Outcome, ProcessExit, Raised, RunTimeout,
                                     describe_exception, is_bug, short_traceback)
from smartest.engine.returned import Unrecordable, recordable
from smartest.engine.sandbox import Sandbox, SideEffectRefused
from smartest.engine.standins import standins
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


class _Capture(io.TextIOBase):
    """The run's stdout and stderr: keeps the last characters only (a target may
    write megabytes), and stays usable if the target closes it."""

    KEEP = 4000

    def __init__(self) -> None:
        self.text = ""

    def writable(self) -> bool:
        return True

    def write(self, s) -> int:
        if not isinstance(s, str):
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        self.text = (self.text + s)[-self.KEEP:]
        return len(s)

    def close(self) -> None:
        pass


def _on_alarm(signum, frame):
    raise RunTimeout()


class _Owner:
    pid = os.getpid()   # the process exploring: a fork of it must never go on exploring


_REAL_EXIT = os._exit


def _fake_exit(status=0):
    if os.getpid() != _Owner.pid:
        _REAL_EXIT(status)  # a process the target forked ends here, as it meant to
    raise ProcessExit(status)


def _describe(e: BaseException, target: Target) -> Raised:
    """The exception's description, even if its str() raises or hangs (the run's
    timer is still armed when this is called)."""
    # Reading its text is the engine's bookkeeping, not the run: a proxy among its
    # arguments (`KeyError(n)`) would record C taking its text (trace/recorder.py).
    token = ACTIVE.set(None)
    try:
        raised = describe_exception(e, target.is_own_file)
        if target.guessed and isinstance(e, (TypeError, AttributeError)):
            # The type of a parameter was a guess (engine/annotations.py): what a wrong
            # type does is the guess's outcome, not the target's bug.
            raised = dataclasses.replace(raised, deliberate=True)
        return raised
    except BaseException:  # its str() hung until the timer fired, or its class is odd
        try:
            return describe_exception(e, target.is_own_file, read_message=False)
        except Exception:
            return Raised(type(e).__name__, "<unprintable>", "?", False)
    finally:
        ACTIVE.reset(token)


def _keep(value: Any) -> Any:
    try:
        return recordable(realize(value))
    except Exception as e:
        return Unrecordable(f"<a value smartest could not read: {type(e).__name__}>")


def confined(action: Callable[[], Any], sandbox: Sandbox | None) -> Any:
    """action() as the target's code outside a run (importing its module): under the
    sandbox, with os._exit an exception and the process state put back after."""
    saved = isolation.save()
    old_exit = os._exit
    _Owner.pid = os.getpid()
    try:
        os._exit = _fake_exit
        if sandbox is not None:
            sandbox.begin_run()
        return action()
    finally:
        if os.getpid() != _Owner.pid:
            _REAL_EXIT(0)
        if sandbox is not None:
            sandbox.end_run()
        os._exit = old_exit
        isolation.restore(saved)


def execute(target: Target, assignment: Mapping[str, Any], *, timeout: float, max_depth: int,
            strict: bool, symbolic: bool = True, policy: CallPolicy | None = None, directive: Any = None,
            options: Any = None, sandbox: Sandbox | None = None, memory_mb: int = 0) -> RunResult:
    """Run the target once.  `assignment` holds plain values for the parameters (and for
    any variable the call policy reads); the parameters' proxies (or, for a plain run,
    fresh plain objects) are made here, inside the run.  `options` (the exploration's) is handed to the run's recorder
    for code that reads run settings.  `sandbox` refuses the run's side effects;
    `memory_mb` caps how much the run may grow the process."""
    inputs = {p.name: assignment[p.name] for p in target.params}
    recorder = Recorder(max_depth=max_depth, options=options)
    if policy is not None:   # None: a plain replay, no call is intercepted
        policy.begin_run(assignment, directive)
    use_timer = threading.current_thread() is threading.main_thread()
    out = _Capture()
    returned = raised = exc_seen = refusal = None
    outcome = Outcome.RETURNED
    old_exit = os._exit
    clear_own_caches(target)
    saved = isolation.save(memory_mb)
    if use_timer:
        signal.signal(signal.SIGALRM, _on_alarm)
        signal.signal(signal.SIGINT, isolation.user_interrupt)
    _Owner.pid = os.getpid()
    # What the run reads of the command line, environment, stdin, files, clock and
    # chance is noted on its recorder (engine/ambient.py): inputs smartest does not make.
    ambient.watch(target.is_own_file, sandbox.scratch if sandbox is not None else "")
    watched = standins()
    token = ACTIVE.set(recorder)
    t0 = time.perf_counter()
    try:
        os._exit = _fake_exit
        if sandbox is not None:
            sandbox.begin_run()
        watched.begin()
        if use_timer:
            signal.setitimer(signal.ITIMER_REAL, timeout)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            # Inputs are built inside the run: building one may decide (which alternative
            # of a Union) or run the target's code (a class's __init__), and both belong
            # to the path; a constructor that raises is an outcome like any other.
            values = {p.name: (p.kind.proxy(p.name, inputs[p.name]) if symbolic
                               else p.kind.materialize(inputs[p.name])) for p in target.params}
            value = target.call(values)
            ACTIVE.reset(token)
            token = None
            returned = _keep(value)  # still under the timer and the sandbox: it may run the target's code
        if use_timer:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except RunTimeout:
        outcome = Outcome.TIMEOUT
    except AssumptionViolated:
        outcome = Outcome.PRUNED
    except ProcessExit as e:
        outcome = Outcome.EXITED
        returned = e.status
    except SideEffectRefused:
        outcome = Outcome.SIDE_EFFECT
    except MemoryError as e:
        outcome = Outcome.MEMORY
        raised = _describe(e, target)
    except KeyboardInterrupt as e:
        if isolation.take_user_interrupt():
            raise
        outcome = Outcome.RAISED  # the target's own: an outcome like any other
        exc_seen = e
        raised = _describe(e, target)
    except BaseException as e:  # the target's outcome, whatever it is
        outcome = Outcome.RAISED
        exc_seen = e
        raised = _describe(e, target)
        if isinstance(e, EOFError) and e.args == ("EOF when reading a line",) and \
                ambient.read_stdin(c.reason for c in recorder.concretizations):
            # input() at the end of the empty stdin every run is given (engine/standins.py):
            # the stand-in's outcome, not the target's bug.
            raised = dataclasses.replace(raised, deliberate=True)
    finally:
        if use_timer:
            signal.setitimer(signal.ITIMER_REAL, 0)
        if os.getpid() != _Owner.pid:
            _REAL_EXIT(0)  # a fork the target made came back here: it must not explore
        watched.end()
        if sandbox is not None:
            refusal = sandbox.end_run()
        os._exit = old_exit
        if token is not None:
            ACTIVE.reset(token)
        isolation.restore(saved)
    duration = time.perf_counter() - t0
    notes = policy.end_run(recorder) if policy is not None else RunNotes()
    if isolation.take_user_interrupt():
        raise KeyboardInterrupt  # the user's Ctrl-C, swallowed by the target
    if refusal is not None:
        outcome, returned, exc_seen = Outcome.SIDE_EFFECT, None, None
        raised = Raised("SideEffectRefused", f"{refusal.kind}: {refusal.call}", "?", False)
    return RunResult(
        inputs=dict(inputs), path=tuple(recorder.path), outcome=outcome, returned=returned,
        raised=raised, bug=is_bug(outcome, raised, exc_seen, strict),
        concretizations=tuple(recorder.concretizations), truncated=recorder.truncated,
        duration_s=duration, output=out.text[-2000:], calls=tuple(recorder.calls),
        signature=recorder.signature, notes=notes,
        traceback=_traceback(exc_seen) if exc_seen is not None and not symbolic else "",
    )


def _traceback(exc: BaseException) -> str:
    return "Traceback (most recent call last):\n" + short_traceback(exc) + \
        "".join(traceback.format_exception_only(type(exc), exc))
