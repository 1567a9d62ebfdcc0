"""What a run of the target may not change in smartest's process: the state it
could break (working directory, recursion limit, standard streams, signal handlers
and timers, trace functions) is saved before each run and put back after it; a
memory limit holds during the run; and the user's Ctrl-C is told apart from a
`KeyboardInterrupt` the target raises itself.
"""
from __future__ import annotations

import _signal  # signal.getsignal without the enum wrapping, which costs more than a small run
import os
import signal
import sys
from dataclasses import dataclass
from typing import Any, Callable

try:
    import resource
except ImportError:  # not on this platform: no memory limit
    resource = None

# The signals whose handlers smartest relies on (INT, TERM, ALRM) or whose default
# action it needs (a target that catches or ignores the others changes nothing of
# smartest's; checking all 60 would cost more than the run of a small target).
_SIGNALS = tuple(getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGALRM", "SIGHUP", "SIGQUIT", "SIGPIPE",
                                               "SIGCHLD", "SIGUSR1", "SIGUSR2", "SIGVTALRM", "SIGPROF",
                                               "SIGXCPU", "SIGTSTP", "SIGSEGV") if hasattr(signal, n))
_TIMERS = tuple(getattr(signal, n) for n in ("ITIMER_VIRTUAL", "ITIMER_PROF") if hasattr(signal, n))
_STREAMS = ("stdin", "stdout", "stderr", "__stdin__", "__stdout__", "__stderr__")


@dataclass
class Saved:
    cwd: str | None
    recursion_limit: int
    streams: tuple
    handlers: tuple
    timers: tuple
    trace: Callable | None
    profile: Callable | None
    bytecode: bool
    memory: tuple | None


def save(memory_mb: int = 0) -> Saved:
    """Snapshot the process state a run could change; with `memory_mb`, cap the
    address space at what it is now plus that much until `restore`."""
    try:
        cwd = os.getcwd()
    except OSError:
        cwd = None
    return Saved(cwd, sys.getrecursionlimit(), tuple(getattr(sys, n) for n in _STREAMS),
                 tuple(_signal.getsignal(s) for s in _SIGNALS),
                 tuple(signal.getitimer(t) for t in _TIMERS), sys.gettrace(), sys.getprofile(),
                 sys.dont_write_bytecode, _limit_memory(memory_mb) if memory_mb else None)


def restore(saved: Saved) -> None:
    """Put back whatever the run changed (cheap when it changed nothing)."""
    if saved.memory is not None:
        resource.setrlimit(resource.RLIMIT_AS, saved.memory)
    if saved.cwd is not None:
        try:
            if os.getcwd() != saved.cwd:
                os.chdir(saved.cwd)
        except OSError:
            os.chdir(saved.cwd)
    if sys.getrecursionlimit() != saved.recursion_limit:
        sys.setrecursionlimit(saved.recursion_limit)
    for name, stream in zip(_STREAMS, saved.streams):
        if getattr(sys, name) is not stream:
            setattr(sys, name, stream)
        if getattr(stream, "closed", False):
            setattr(sys, name, _reopen(name))
    for s, handler in zip(_SIGNALS, saved.handlers):
        if handler is not None and _signal.getsignal(s) is not handler:
            try:
                signal.signal(s, handler)
            except (OSError, ValueError, TypeError):
                pass
    for t, value in zip(_TIMERS, saved.timers):
        if signal.getitimer(t) != value and value == (0.0, 0.0):
            signal.setitimer(t, 0)
    if sys.gettrace() is not saved.trace:
        sys.settrace(saved.trace)
    if sys.getprofile() is not saved.profile:
        sys.setprofile(saved.profile)
    sys.dont_write_bytecode = saved.bytecode


def _reopen(name: str) -> Any:
    """A new text stream on the standard file descriptor the target closed the stream of."""
    fd = {"stdin": 0, "stdout": 1, "stderr": 2}[name.strip("_")]
    try:
        return open(fd, "r" if fd == 0 else "w", encoding="utf-8", errors="replace", closefd=False,
                    buffering=1 if fd else -1)
    except OSError:
        return open(os.devnull, "r" if fd == 0 else "w", encoding="utf-8")


class _Size:
    """The process's address space size, read every MEASURE_EVERY runs (reading it
    costs more than a small run; between two readings it grows by little)."""
    MEASURE_EVERY = 64
    bytes = 0
    age = MEASURE_EVERY


def _limit_memory(memory_mb: int) -> tuple | None:
    if resource is None or not hasattr(resource, "RLIMIT_AS"):
        return None
    if _Size.age >= _Size.MEASURE_EVERY:
        try:
            with open("/proc/self/statm", "rb") as f:
                _Size.bytes = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError):
            return None
        _Size.age = 0
    _Size.age += 1
    size = _Size.bytes
    old = resource.getrlimit(resource.RLIMIT_AS)
    soft = size + memory_mb * 2 ** 20
    if old[1] != resource.RLIM_INFINITY:
        soft = min(soft, old[1])
    resource.setrlimit(resource.RLIMIT_AS, (soft, old[1]))
    return old


class _Interrupts:
    pending = False   # the user's Ctrl-C (or SIGTERM) arrived and has not been acted on


_INTERRUPTS = _Interrupts()


def user_interrupt(signum, frame) -> None:
    """Signal handler for the user's Ctrl-C and SIGTERM: noted, so that it is told
    apart from a KeyboardInterrupt the target raises, and still stops the
    exploration if the target swallows it."""
    _INTERRUPTS.pending = True
    raise KeyboardInterrupt


def take_user_interrupt() -> bool:
    """Whether the user interrupted since the last call (and forget it)."""
    pending, _INTERRUPTS.pending = _INTERRUPTS.pending, False
    return pending


def interrupted_by_user(exc: BaseException) -> bool:
    """Whether an exception that escaped smartest's own code is really the user's
    Ctrl-C. The handler raises KeyboardInterrupt wherever Python code happens to be
    running; inside a C call's argument conversion (z3 goes through ctypes) that
    KeyboardInterrupt comes out as another exception (`ctypes.ArgumentError:
    argument 2: KeyboardInterrupt`), which must still stop the exploration with its
    report, not end it as an internal error."""
    return isinstance(exc, KeyboardInterrupt) or take_user_interrupt()
