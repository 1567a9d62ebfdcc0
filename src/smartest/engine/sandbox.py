"""The sandbox: a PEP 578 audit hook that refuses the target's side effects.

smartest runs code on inputs nobody chose (`name='/'` reaching `shutil.rmtree`), so
while a run is under way the hook refuses, unless `--allow`ed:

    write       opening a file for writing, mkdir, chmod, utime, truncate, links
    delete      os.remove/unlink/rmdir, shutil.rmtree
    rename      os.rename/os.replace
                ... each of the three only outside the exploration's scratch directory
    subprocess  subprocess, os.system, os.exec*, os.spawn*, os.posix_spawn, os.fork
    net         socket connect/bind/sendto, name lookups
    signal      os.kill/killpg of another process, signal.pthread_kill
    chdir       os.chdir/os.fchdir

A refusal raises `SideEffectRefused` (a BaseException, so the target's `except
Exception` does not swallow it) and is noted on the sandbox, so that a run which
swallows it anyway still ends as the outcome `side-effect`.

An audit hook cannot be removed, so it is installed once per process and does
nothing unless a sandbox is confining: during a run, and in threads a run started
and left running.  smartest's own writes (the run directory, reports) happen
between runs and are never refused.
"""
from __future__ import annotations

import os
import sys
import tempfile
import threading
from collections import Counter
from dataclasses import dataclass
KINDS = ("write", "delete", "rename", "subprocess", "net", "signal", "chdir")

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND

# audit event -> (kind, index of the path argument or None, index of its dir_fd or None)
_EVENTS = {
    "open": ("write", 0, None),
    "os.mkdir": ("write", 0, 2), "os.chmod": ("write", 0, 2), "os.chown": ("write", 0, 3),
    "os.utime": ("write", 0, 3), "os.truncate": ("write", 0, None), "os.link": ("write", 1, 3),
    "os.symlink": ("write", 1, 2), "os.setxattr": ("write", 0, None), "os.removexattr": ("write", 0, None),
    "os.chflags": ("write", 0, None), "shutil.chown": ("write", 0, None),
    "os.remove": ("delete", 0, 1), "os.rmdir": ("delete", 0, 1), "shutil.rmtree": ("delete", 0, 1),
    "os.rename": ("rename", 0, 2),
    "subprocess.Popen": ("subprocess", None, None), "os.system": ("subprocess", None, None),
    "os.exec": ("subprocess", None, None), "os.spawn": ("subprocess", None, None),
    "os.posix_spawn": ("subprocess", None, None), "os.fork": ("subprocess", None, None),
    "os.forkpty": ("subprocess", None, None), "os.startfile": ("subprocess", None, None),
    "socket.connect": ("net", None, None), "socket.bind": ("net", None, None),
    "socket.sendto": ("net", None, None), "socket.sendmsg": ("net", None, None),
    "socket.getaddrinfo": ("net", None, None), "socket.gethostbyname": ("net", None, None),
    "socket.gethostbyaddr": ("net", None, None), "socket.getnameinfo": ("net", None, None),
    "os.kill": ("signal", None, None), "os.killpg": ("signal", None, None),
    "signal.pthread_kill": ("signal", None, None),
    "os.chdir": ("chdir", None, None),
}


class SideEffectRefused(BaseException):
    """Raised into the target when the sandbox refuses one of its calls."""

    def __init__(self, kind: str, call: str) -> None:
        super().__init__(f"{kind}: {call}")
        self.kind = kind
        self.call = call


@dataclass(frozen=True)
class Refusal:
    kind: str
    call: str   # the audit event and its arguments, e.g. "os.remove('/etc/hosts')"


def _describe(event: str, args: tuple) -> str:
    shown = []
    for a in args[:2]:
        if a is None or a == -1:
            continue
        text = repr(a)
        shown.append(text if len(text) <= 200 else text[:197] + "...")
    return f"{event}({', '.join(shown)})"


class Sandbox:
    """One exploration's sandbox: the kinds allowed, the scratch directory, and the
    refusals counted by kind."""

    def __init__(self, allow=()) -> None:
        self.allowed = frozenset(allow)
        self.scratch = os.path.realpath(tempfile.mkdtemp(prefix="smartest-scratch-"))
        self.refused: Counter = Counter()
        self.pid = os.getpid()
        self.last: Refusal | None = None     # the first refusal of the current run
        self._threads: set[int] = set()      # threads a run started and left running
        self._tempdir: str | None = None
        self._known: set[int] = set()        # threads there were before the run
        self._thread_count = -1

    # -- what the execution of one run calls -----------------------------------
    def begin_run(self) -> None:
        self.last = None
        _install()
        if threading.active_count() != self._thread_count:  # threads came or went between runs
            self._known = {t.ident for t in threading.enumerate()} - self._threads
            self._thread_count = threading.active_count()
        _STATE.current = self
        self._tempdir, tempfile.tempdir = tempfile.tempdir, self.scratch  # tempfile's files go to scratch
        _STATE.active = True

    def end_run(self) -> Refusal | None:
        _STATE.active = False
        tempfile.tempdir = self._tempdir
        if threading.active_count() != self._thread_count:  # the run started (or ended) threads
            left = {t.ident for t in threading.enumerate() if t.ident not in self._known and t.is_alive()}
            self._threads |= left
            _STATE.confined = frozenset(self._threads)
        return self.last

    def close(self) -> None:
        """Remove the scratch directory (smartest's own delete: not confined)."""
        import shutil
        if _STATE.current is self:
            _STATE.current = None
            _STATE.confined = frozenset()
        shutil.rmtree(self.scratch, ignore_errors=True)

    def as_dict(self) -> dict:
        return {"on": True, "allowed": sorted(self.allowed), "scratch": self.scratch,
                "refused": dict(sorted(self.refused.items()))}

    # -- the decision ----------------------------------------------------------
    def check(self, event: str, args: tuple) -> None:
        kind, at, dir_at = _EVENTS[event]
        if kind in self.allowed:
            return
        if event == "open":
            if not (args[2] & _WRITE_FLAGS) or isinstance(args[0], int):
                return
        elif at is not None and isinstance(args[at], int):
            return  # a file descriptor: opened (and checked) before
        if event == "open" and self._real(args[0], None) == self.scratch:
            return  # tempfile opens its directory, and an opener makes the file inside
        if at is not None and self._inside(args[at], args[dir_at] if dir_at is not None else None):
            if event != "os.rename" or self._inside(args[1], args[3]):
                return
        if kind == "signal" and event == "os.kill" and (args[0] in (self.pid, os.getpid()) or _is_child(args[0])):
            return  # a process may signal itself (the supervisor reports what follows) and its children
        call = _describe(event, args)
        self.refused[kind] += 1
        if self.last is None:
            self.last = Refusal(kind, call)
        raise SideEffectRefused(kind, call)

    def _inside(self, path, dir_fd) -> bool:
        """Is `path` strictly inside the scratch directory (never the directory itself)?"""
        real = self._real(path, dir_fd)
        return real is not None and real.startswith(self.scratch + os.sep)

    @staticmethod
    def _real(path, dir_fd) -> str | None:
        try:
            path = os.fsdecode(path)
            if not os.path.isabs(path) and isinstance(dir_fd, int) and dir_fd >= 0:
                path = os.path.join(os.readlink(f"/proc/self/fd/{dir_fd}"), path)
            return os.path.realpath(path)
        except (TypeError, ValueError, OSError):
            return None


def _is_child(pid) -> bool:
    """Is `pid` a child of this process (one the target was allowed to start)?"""
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except OSError:
        return False
    fields = stat[stat.rfind(b")") + 2:].split()
    return len(fields) > 1 and int(fields[1]) == os.getpid()


class _State:
    """The one piece of process state the hook reads (it cannot be removed)."""
    active = False                 # a run is under way
    current: Sandbox | None = None
    confined: frozenset = frozenset()
    installed = False


_STATE = _State()


def _hook(event: str, args: tuple) -> None:
    if event not in _EVENTS:
        return
    state = _STATE
    if state.current is None or not (state.active or (state.confined and threading.get_ident() in state.confined)):
        return
    state.current.check(event, args)


def _install() -> None:
    if not _STATE.installed:
        sys.addaudithook(_hook)
        _STATE.installed = True


def parse_allow(values) -> tuple[str, ...]:
    """--allow values (repeatable, comma-separated too; 'all' for every kind)."""
    kinds: list[str] = []
    for v in values:
        for k in str(v).split(","):
            k = k.strip()
            if k == "all":
                kinds.extend(KINDS)
            elif k:
                kinds.append(k)
    return tuple(dict.fromkeys(kinds))
