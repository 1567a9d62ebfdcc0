"""Ambient inputs: what a run reads that smartest does not make.

`complete` promises that every feasible path was run.  A function whose paths depend
on the command line, the environment, standard input, a file, the clock or chance has
paths no choice of its parameters reaches, so a read of any of these on the target's
behalf is recorded like any other concretization (site in the user's code, callee,
reason "an input smartest does not make: ...") and clears `complete`.  The stand-ins
that see the reads are in engine/standins.py; this module decides which reads count
and records them.

Which reads count.  The frames between the read and the innermost frame of the
target's own code are looked at:

* a read smartest makes itself (the read's caller is smartest's code), or one made
  under Hypothesis, pytest, coverage.py or z3, is not the target's;
* a read the standard library makes for its own purposes is not either: the import
  machinery, `linecache`/`traceback`/`inspect` reading source, `tempfile`'s names and
  directory, `logging`'s time stamps, `gettext`/`locale` choosing a language,
  timeouts in `threading`/`queue`/`selectors` (`_OWN_PURPOSE`), and anything run while
  a module is being imported (a `<module>` frame);
* every other read counts, including one a library makes on the target's behalf
  (`argparse` reading `sys.argv`, `os.getenv`, `uuid.uuid4` reading `os.urandom`,
  `shutil.get_terminal_size` reading `COLUMNS`): its value can reach the target's
  branches or results.  The callee reported is what the target's code called
  (`os.getenv`, `argparse.ArgumentParser.parse_args`), or the source itself when the
  target's code read it directly (`sys.argv`, `os.environ`).
"""
from __future__ import annotations

import os
import sys
from types import FrameType
from typing import Callable

from smartest.trace.recorder import ACTIVE
from smartest.trace.site import Site, instruction_start, is_own_frame

WHAT = {"argv": "the command line", "env": "the environment", "stdin": "standard input",
        "file": "the file system", "clock": "the clock", "random": "randomness"}
PREFIX = "an input smartest does not make: "

# Standard library modules that read the environment, the clock, chance or files for
# their own machinery, never to hand the value to their caller's decisions.
_OWN_PURPOSE = frozenset({
    "importlib", "zipimport", "pkgutil", "site", "sysconfig", "runpy", "linecache", "traceback", "inspect",
    "tokenize", "dis", "tempfile", "logging", "warnings", "gettext", "locale", "encodings", "codecs",
    "threading", "queue", "selectors", "concurrent", "asyncio", "multiprocessing", "subprocess", "signal",
    "weakref", "_weakrefset", "faulthandler", "tracemalloc", "cProfile", "profile", "pstats", "pdb", "bdb",
    "unittest", "doctest", "sre_compile", "_strptime", "typing", "ctypes",
})
# Tools that run beside the target and read for themselves.
_TOOLING = frozenset({"smartest", "smartest_hypothesis", "hypothesis", "_hypothesis_ftz_detector",
                      "_hypothesis_pytestplugin", "_hypothesis_globals", "pytest", "_pytest", "pluggy",
                      "coverage", "z3", "ray"})
# Where a read is only passed along (a Mapping's `get` over os.environ): the callee is
# named after the source and the method, not after the helper.
_PLUMBING = frozenset({"_collections_abc", "collections.abc"})

# smartest's code that acts for the target's (models of builtins, proxies, the call
# wrapper and the source rewrite's helpers, interception, opaque calls, guidance's
# runtime): a read made through it is the target's.  Every other smartest module (the
# engine, the solver, the strategies, the report) reads for smartest.
_ACTS_FOR_TARGET = ("smartest.models", "smartest.symbolic", "smartest.calls", "smartest.solving",
                    "smartest.guided", "smartest.annotations")
# Functions of the standard library that read for their own purposes in a module
# that otherwise reads on its caller's behalf: argparse's program name and help width
# shape only help and usage text (argparse reading sys.argv[1:] counts).
_OWN_PURPOSE_CODE = frozenset({("argparse", "ArgumentParser.__init__"), ("argparse", "HelpFormatter.__init__")})

_SMARTEST, _IGNORE, _STDLIB, _OTHER, _OWN = range(5)
_STDLIB_NAMES = frozenset(sys.stdlib_module_names) | {"__future__"}


class _Watching:
    """The one piece of process state the stand-ins and the audit hook read: who is
    watching (the exploration's own-code test and scratch directory), or None."""
    is_own: Callable[[str], bool] | None = None
    scratch: str = ""
    kinds: dict = {}          # code object -> kind of frame (for the current `is_own`)
    in_input = False          # inside input(): its reads of sys.stdin are input()'s


WATCHING = _Watching()


def watch(is_own: Callable[[str], bool] | None, scratch: str = "") -> None:
    """Start recording ambient reads for an exploration whose own code `is_own` tells
    (None: stop).  The stand-ins are installed per run (engine/standins.py)."""
    if is_own != WATCHING.is_own:     # a bound method is a new object each time it is read
        WATCHING.kinds = {}
    WATCHING.is_own, WATCHING.scratch = is_own, scratch
    if is_own is not None:
        install_hook()


def _module_name(frame: FrameType) -> str:
    name = frame.f_globals.get("__name__")
    return name if isinstance(name, str) else ""


def _kind(frame: FrameType) -> int:
    code = frame.f_code
    kinds = WATCHING.kinds
    k = kinds.get(code)
    if k is None:
        k = kinds[code] = _classify(frame)
    return k


def _classify(frame: FrameType) -> int:
    name = _module_name(frame)
    top = name.partition(".")[0]
    if is_own_frame(frame) or top in ("smartest", "smartest_hypothesis"):
        return _SMARTEST if name.startswith(_ACTS_FOR_TARGET) else _IGNORE
    if top in _TOOLING:
        return _IGNORE
    if frame.f_code.co_name == "<module>":
        return _IGNORE           # a module being imported: what it reads is the import's
    is_own = WATCHING.is_own
    if is_own is not None and is_own(frame.f_code.co_filename):
        return _OWN
    if top in _STDLIB_NAMES:
        if top in _OWN_PURPOSE or name in _OWN_PURPOSE or \
                (name, getattr(frame.f_code, "co_qualname", "")) in _OWN_PURPOSE_CODE:
            return _IGNORE
        return _STDLIB
    return _OTHER


def locate(frame: FrameType | None) -> tuple[FrameType, FrameType | None] | None:
    """(the frame of the target's code the read is charged to, the outermost library
    frame between it and the read, if any), or None when the read is not the target's.
    `frame` is the read's caller."""
    if frame is None:
        return None
    entry = requester = None
    f = frame
    while f is not None:
        k = _kind(f)
        if k == _OWN:
            return f, entry
        if k == _IGNORE:
            if requester is None:
                return None
            break                 # outward of a library frame that read: the caller's business
        if k != _SMARTEST:
            entry = f
            if k == _OTHER and requester is None:
                requester = f
        f = f.f_back
    # No frame of the target's own code on the stack (a test whose code smartest was
    # not told of): charged to the innermost library frame outside the standard library.
    return (requester, None) if requester is not None else None


def module_side(name: str) -> str:
    """"tool" (smartest, Hypothesis, pytest...), "stdlib" or "user" (the target's code
    and third-party libraries), for a module's name."""
    top = name.partition(".")[0]
    if top in _TOOLING:
        return "tool"
    return "stdlib" if top in _STDLIB_NAMES else "user"


def _entry_name(entry: FrameType, source: str) -> str:
    name = _module_name(entry)
    qual = getattr(entry.f_code, "co_qualname", entry.f_code.co_name)
    if name in _PLUMBING:
        return f"{source}.{entry.f_code.co_name}"
    if name == "random" and entry.f_locals.get("self") is getattr(sys.modules.get("random"), "_inst", None):
        return f"random.{entry.f_code.co_name}"     # a function of the module (its shared generator)
    return f"{name}.{qual}" if name else qual


def note(kind: str, source: str, frame: FrameType | None, direct: str = "") -> None:
    """Record a read of `source` (`sys.argv`, `time.time`, a file's name...) of kind
    `kind` (a key of WHAT) whose caller is `frame`, if a run is under way and the read
    is the target's.  `direct`: the callee's name when the target's code made the read
    itself (`open` for a file; default `source`)."""
    rec = ACTIVE.get()
    if rec is None or WATCHING.is_own is None:
        return
    where = locate(frame)
    if where is None:
        return
    at, entry = where
    callee = _entry_name(entry, direct or source) if entry is not None else (direct or source)
    reason = PREFIX + WHAT[kind] + (f" ({source})" if source != callee else "")
    rec.concretize(reason, site=Site(at.f_code, instruction_start(at.f_code, at.f_lasti)), callee=callee)


def is_ambient(reason: str) -> bool:
    """Is a concretization's reason an ambient read (not a value smartest could not follow)?"""
    return reason.startswith(PREFIX)


STDIN_READ = PREFIX + WHAT["stdin"]


def read_stdin(reasons) -> bool:
    """Did a run whose concretization reasons are `reasons` read standard input (the
    empty stand-in every run gets)?"""
    return any(r.startswith(STDIN_READ) for r in reasons)


# -- reads seen by the audit hook (PEP 578): files and input() --------------------------
_DEVICES = {"/dev/null": None, "/dev/zero": None, "/dev/urandom": "random", "/dev/random": "random",
            "/dev/stdin": "stdin", "/dev/tty": "stdin"}
_module_files: set[str] = set()
_module_count = 0


def _is_module_file(path: str) -> bool:
    """A source or compiled file of a loaded module: reading it reads the program."""
    global _module_count
    if len(sys.modules) != _module_count:
        _module_count = len(sys.modules)
        for m in list(sys.modules.values()):
            f = getattr(m, "__file__", None) if m is not None else None
            if isinstance(f, str):
                _module_files.add(os.path.realpath(f))
    return path in _module_files


def _on_open(args: tuple, frame: FrameType) -> None:
    path, mode, flags = (tuple(args) + (None, None, None))[:3]
    if isinstance(flags, int) and flags & os.O_ACCMODE == os.O_WRONLY:
        return
    if isinstance(mode, str) and not ("r" in mode or "+" in mode):
        return
    if isinstance(path, int):
        if path == 0:
            note("stdin", "sys.stdin", frame, "open")
        return
    try:
        real = os.path.realpath(os.fsdecode(path))
    except (TypeError, ValueError):
        return
    if real in _DEVICES:
        kind = _DEVICES[real]
        if kind is not None:
            note(kind, real, frame)
        return
    scratch = WATCHING.scratch
    if scratch and (real == scratch or real.startswith(scratch + os.sep)):
        return   # written by the run itself
    if _is_module_file(real):
        return
    text = repr(real)
    note("file", text if len(text) <= 120 else text[:117] + "...'", frame, "open")


def _hook(event: str, args: tuple) -> None:
    if WATCHING.is_own is None or event not in _AUDITED:
        return
    if ACTIVE.get() is None:
        return
    if event == "open":
        _on_open(args, sys._getframe(1))
    elif event == "builtins.input":
        WATCHING.in_input = True
        note("stdin", "sys.stdin", sys._getframe(1), "input")
    elif event == "builtins.input/result":
        WATCHING.in_input = False
    else:
        path = args[0] if args else "."
        shown = repr(os.fsdecode(path)) if isinstance(path, (str, bytes)) else "a directory"
        note("file", f"the listing of {shown}", sys._getframe(1), event)


_AUDITED = frozenset({"open", "builtins.input", "builtins.input/result", "os.listdir", "os.scandir"})
_INSTALLED: list[bool] = []


def install_hook() -> None:
    """Add the audit hook (once per process: hooks cannot be removed)."""
    if not _INSTALLED:
        sys.addaudithook(_hook)
        _INSTALLED.append(True)

