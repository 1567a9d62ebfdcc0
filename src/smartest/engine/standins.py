"""Watched stand-ins for the inputs smartest does not make, installed for one run.

engine/ambient.py decides which reads count; this module makes the reads visible.
During a run (`Standins.begin` .. `end`, called by engine/execute.py inside the run's
window, so a forked child, a parallel worker and a replay see the same):

* `sys.argv` is a list that notes every read of it (same items);
* `os.environ` and `os.environb` keep their identity (modules hold them) and change
  class to a subclass whose reading methods note the read (`os.getenv` reads through
  `os.environ`);
* `sys.stdin` is an empty stream that notes reads (a run must not wait on a terminal);
* the clock and chance, C functions whose calls no hook sees, are replaced wherever
  a module holds them (`time.time` in `time`, `from time import time` elsewhere,
  `os.urandom`, the `random` module's shared generator, `uuid.uuid1`) by wrappers
  that note the call and call through; `random.Random`'s `random`/`getrandbits`
  note a draw from a generator not seeded during this run;
* `datetime.datetime` and `datetime.date` (C types, no attribute can be set) are
  replaced, only where the target's code or a third-party library holds them or the
  `datetime` module (or imports it during the run), by twins whose `now`/`today`/`utcnow` note the read.  The
  standard library's own modules keep the real ones, so pickle finds
  `datetime.datetime` where it looks.  A twin makes real instances and answers
  `isinstance`, `issubclass` and `==` as the real class (only `is` tells them apart).

Files and `input()` are seen by the audit hook (engine/ambient.py).  Everything is put
back at the end of the run, including a stand-in a module imported during the run
bound (`from time import time`): after `explore` from a notebook, nothing of this
remains.  Outside a run a stand-in behaves as what it stands for.
"""
from __future__ import annotations

import builtins
import datetime as _dt
import io
import os
import random as _random_module
import sys
import time as _time
import uuid as _uuid
from types import ModuleType
from typing import Any

from smartest.engine.ambient import WATCHING, module_side, note
from smartest.models.builtins_core import SHOWN_AS
from smartest.models.escapes import call as _through

_getframe = sys._getframe


# -- the command line ------------------------------------------------------------------
def _argv_read(name: str):
    method = getattr(list, name)

    def read(self, *args, **kwargs):
        note("argv", "sys.argv", _getframe(1))
        return method(self, *args, **kwargs)

    read.__name__ = name
    return read


class WatchedArgv(list):
    """sys.argv during a run: its items, every read noted."""


for _name in ("__getitem__", "__iter__", "__len__", "__contains__", "__reversed__", "__eq__", "__ne__",
              "__lt__", "__le__", "__gt__", "__ge__", "__add__", "__mul__", "__rmul__", "__repr__", "__str__",
              "index", "count", "copy", "__reduce_ex__"):
    setattr(WatchedArgv, _name, _argv_read(_name))
WatchedArgv.__hash__ = None


# -- the environment ---------------------------------------------------------------------
def _environ_read(name: str):
    method = getattr(os._Environ, name)

    def read(self, *args, **kwargs):
        note("env", "os.environb" if self is getattr(os, "environb", None) else "os.environ", _getframe(1))
        return method(self, *args, **kwargs)

    read.__name__ = name
    return read


class WatchedEnviron(os._Environ):
    """The class os.environ and os.environb take during a run."""


for _name in ("__getitem__", "__iter__", "__len__", "__repr__", "copy"):
    setattr(WatchedEnviron, _name, _environ_read(_name))


# -- standard input ----------------------------------------------------------------------
class WatchedStdin(io.TextIOBase):
    """sys.stdin during a run: empty, every read noted (input() notes its own call)."""

    encoding = "utf-8"
    errors = "strict"
    name = "<stdin>"

    def __init__(self) -> None:
        super().__init__()
        self.buffer = _WatchedStdinBytes(self)

    def _note(self) -> None:
        if not WATCHING.in_input:
            note("stdin", "sys.stdin", _getframe(2))

    def readable(self) -> bool:
        return True

    def isatty(self) -> bool:
        self._note()
        return False

    def read(self, size: int | None = -1) -> str:
        self._note()
        return ""

    def readline(self, size: int | None = -1) -> str:
        self._note()
        return ""

    def readlines(self, hint: int = -1) -> list:
        self._note()
        return []

    def __iter__(self):
        self._note()
        return iter(())

    def __next__(self):
        self._note()
        raise StopIteration

    def fileno(self) -> int:
        self._note()
        raise io.UnsupportedOperation("fileno")


class _WatchedStdinBytes(io.BytesIO):
    def __init__(self, text: WatchedStdin) -> None:
        super().__init__(b"")
        self._text = text

    def read(self, size: int | None = -1) -> bytes:
        note("stdin", "sys.stdin.buffer", _getframe(1))
        return b""

    def readline(self, size: int | None = -1) -> bytes:
        note("stdin", "sys.stdin.buffer", _getframe(1))
        return b""


# -- the clock and chance -------------------------------------------------------------------
def _reader(fn: Any, kind: str, source: str, given_at: int | None = None, keyword: str = ""):
    """A wrapper of `fn` noting each call; with `given_at`, only calls that do not pass
    that argument (`time.localtime()` reads the clock, `time.localtime(0)` does not)."""
    # The C function is called through the escape check (models/escapes.py): given a
    # proxy (`time.localtime(n)`), it reads the concrete value, as it did unwrapped.
    if given_at is None:
        def standin(*args, **kwargs):
            note(kind, source, _getframe(1))
            return _through(fn, *args, **kwargs)
    else:
        def standin(*args, **kwargs):
            if (len(args) <= given_at or args[given_at] is None) and kwargs.get(keyword) is None:
                note(kind, source, _getframe(1))
            return _through(fn, *args, **kwargs)
    standin.__name__ = getattr(fn, "__name__", source)
    standin.__qualname__ = standin.__name__
    standin.__doc__ = getattr(fn, "__doc__", None)
    standin.__wrapped__ = fn
    return standin


_CLOCK_NOW = ("time", "time_ns", "monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns",
              "process_time", "process_time_ns", "thread_time", "thread_time_ns", "clock_gettime",
              "clock_gettime_ns")
_CLOCK_OPTIONAL = {"localtime": 0, "gmtime": 0, "ctime": 0, "asctime": 0, "strftime": 1}


class _Seeded:
    """Generators seeded with a value during this run (their draws are the run's own)."""
    ids: set[int] = set()


def _random_draw(base_method: Any, name: str):
    def draw(self, *args):
        if id(self) not in _Seeded.ids:
            note("random", "random." + name if self is _random_module._inst else f"random.Random.{name}",
                 _getframe(1))
        return _through(base_method, self, *args)
    draw.__name__ = name
    return draw


_REAL_SEED = _random_module.Random.seed
_REAL_SETSTATE = _random_module.Random.setstate


def _seed(self, a=None, version=2):
    # Seeded with a value: its draws are the run's own.  Seeded from the system (no
    # value): its draws are noted when they are made.
    if a is not None:
        _Seeded.ids.add(id(self))
    else:
        _Seeded.ids.discard(id(self))
    return _through(_REAL_SEED, self, a, version)


def _setstate(self, state):
    _Seeded.ids.add(id(self))
    return _REAL_SETSTATE(self, state)


_CLASS_PATCHES = {"random": _random_draw(_random_module.Random.__mro__[1].random, "random"),
                  "getrandbits": _random_draw(_random_module.Random.__mro__[1].getrandbits, "getrandbits"),
                  "seed": _seed, "setstate": _setstate}


# What random.Random's own dictionary holds under those names (None: inherited from C).
_CLASS_ORIGINALS = {name: _random_module.Random.__dict__.get(name) for name in _CLASS_PATCHES}


def _bound_seed(a=None, version=2):
    return _seed(_random_module._inst, a, version)


def _bound_setstate(state):
    return _setstate(_random_module._inst, state)


def _plain_standins() -> dict[int, tuple[Any, Any]]:
    """id(original) -> (original, stand-in), for objects replaced wherever held."""
    table: dict[int, tuple[Any, Any]] = {}

    def add(original, standin):
        table[id(original)] = (original, standin)

    for name in _CLOCK_NOW:
        fn = getattr(_time, name, None)
        if fn is not None:
            add(fn, _reader(fn, "clock", f"time.{name}"))
    for name, at in _CLOCK_OPTIONAL.items():
        add(getattr(_time, name), _reader(getattr(_time, name), "clock", f"time.{name}", at))
    for name in ("urandom", "getrandom"):
        fn = getattr(os, name, None)
        if fn is not None:
            add(fn, _reader(fn, "random", f"os.{name}"))
    inst = _random_module._inst
    for name in ("random", "getrandbits"):
        bound = getattr(_random_module, name)
        add(bound, _random_draw(getattr(type(inst).__mro__[1], name), name).__get__(inst))
    add(_random_module.seed, _bound_seed)
    add(_random_module.setstate, _bound_setstate)
    add(_uuid.uuid1, _reader(_uuid.uuid1, "clock", "uuid.uuid1"))
    return table


# -- datetime ---------------------------------------------------------------------------
class _Twin(type):
    """The metaclass of a stand-in for a C class: isinstance, issubclass, == and hash
    answer as the real class."""

    def __instancecheck__(cls, obj) -> bool:
        return isinstance(obj, cls.__real__)

    def __subclasscheck__(cls, sub) -> bool:
        return issubclass(sub, cls.__real__)

    def __eq__(cls, other) -> bool:
        return other is cls or other is cls.__real__

    def __ne__(cls, other) -> bool:
        return not (other is cls or other is cls.__real__)

    def __hash__(cls) -> int:
        return hash(cls.__real__)

    def __repr__(cls) -> str:
        return repr(cls.__real__)


def _twin_new(cls, *args, **kwargs):
    # A real instance: pickles, prints and compares as one.  Made through the escape
    # check, as `datetime(y, m, d)` of the target's code was: the C type reads proxies.
    return _through(cls.__real__, *args, **kwargs)


def _clock_classmethod(real: type, name: str):
    method = getattr(real, name)
    source = f"{real.__module__}.{real.__qualname__}.{name}"

    def read(cls, *args, **kwargs):
        note("clock", source, _getframe(1))
        return _through(method, *args, **kwargs)
    read.__name__ = name
    return classmethod(read)


def _twin(real: type, reads: tuple[str, ...]) -> type:
    ns: dict[str, Any] = {"__real__": real, "__new__": _twin_new, "__module__": real.__module__,
                          "__qualname__": real.__qualname__, "__doc__": real.__doc__}
    for name in reads:
        ns[name] = _clock_classmethod(real, name)
    return _Twin(real.__name__, (real,), ns)


_DATETIME = _twin(_dt.datetime, ("now", "utcnow", "today"))
_DATE = _twin(_dt.date, ("today",))


def _twin_module() -> ModuleType:
    twin = ModuleType("datetime", _dt.__doc__)
    twin.__dict__.update({k: v for k, v in vars(_dt).items() if k not in ("__name__", "__doc__")})
    twin.datetime, twin.date = _DATETIME, _DATE
    return twin


class _Importer:
    """builtins.__import__ during a run: `import datetime` executed by the target's code
    or a library's (an import inside a function, as `humanize` does) gets the twin
    module; every other import, and the standard library's, is the real one.
    sys.modules keeps the real module, so pickle finds the real classes."""

    def __init__(self, real: Any, twin: ModuleType) -> None:
        self.real, self.twin = real, twin

    def __call__(self, name, globals=None, locals=None, fromlist=(), level=0):
        module = self.real(name, globals, locals, fromlist, level)
        if name == "datetime" and not level and module is _dt and isinstance(globals, dict) and \
                module_side(str(globals.get("__name__", ""))) == "user":
            return self.twin
        return module


def _user_standins() -> dict[int, tuple[Any, Any]]:
    """Replaced only where the target's code or a third-party library holds them."""
    return {id(_dt.datetime): (_dt.datetime, _DATETIME), id(_dt.date): (_dt.date, _DATE),
            id(_dt): (_dt, _twin_module())}


# -- installation ------------------------------------------------------------------------
class Standins:
    """The bindings of one process: found once (then for each module imported since),
    swapped at the start of every run and put back at its end."""

    def __init__(self) -> None:
        self.plain = _plain_standins()
        # One watched list for every run, its items those of sys.argv when the run starts:
        # a module that did `from sys import argv` holds it too.
        self.argv = WatchedArgv()
        self.plain[id(sys.argv)] = (sys.argv, self.argv)
        self.stdin = WatchedStdin()     # holds nothing: one for every run (making one costs 0.2 ms)
        self.user = _user_standins()
        self.importer = _Importer(builtins.__import__, self.user[id(_dt)][1])
        self.by_standin = {id(s): o for o, s in (*self.plain.values(), *self.user.values())}
        self.bindings: list[tuple[dict, str, Any, Any]] = []   # (namespace, name, original, stand-in)
        self.scanned: set[str] = set()
        self._modules = 0
        self._swapped: list[tuple[dict, str, Any, Any]] = []
        self._saved: tuple = ()
        self._environs: tuple = ()

    def _scan(self) -> None:
        """Find the holders in modules not scanned yet (also put back a stand-in that a
        module imported during a run bound)."""
        if len(sys.modules) == self._modules:
            return
        for name, module in list(sys.modules.items()):
            if name in self.scanned or not isinstance(module, ModuleType):
                continue
            self.scanned.add(name)
            where = module_side(name)
            if where == "tool":
                continue
            try:
                ns = module.__dict__
            except AttributeError:
                continue
            tables = (self.plain,) if where == "stdlib" else (self.plain, self.user)
            for key, value in list(ns.items()):
                original = self.by_standin.get(id(value))
                if original is not None and value is not original:
                    ns[key] = value = original
                for table in tables:
                    hit = table.get(id(value))
                    if hit is not None and hit[0] is value:
                        self.bindings.append((ns, key, value, hit[1]))
        self._modules = len(sys.modules)

    def begin(self) -> None:
        self._scan()
        argv = sys.argv
        list.__setitem__(self.argv, slice(None), argv)
        swapped = []
        for ns, key, original, standin in self.bindings:
            if ns.get(key) is original:
                ns[key] = standin
                swapped.append((ns, key, original, standin))
        self._swapped = swapped
        _Seeded.ids = set()
        cls = _random_module.Random
        self._saved = (argv, sys.stdin)
        for name, patch in _CLASS_PATCHES.items():
            setattr(cls, name, patch)
        # os.environ as it is now (a test harness may have replaced it since import)
        self._environs = tuple(e for e in (os.environ, getattr(os, "environb", None)) if type(e) is os._Environ)
        for env in self._environs:
            env.__class__ = WatchedEnviron
        WATCHING.in_input = False      # input() that raised EOFError never said it ended
        sys.argv = self.argv
        sys.stdin = self.stdin
        self.importer.real, builtins.__import__ = builtins.__import__, self.importer
        SHOWN_AS.update({_dt.datetime: _DATETIME, _dt.date: _DATE})

    def end(self) -> None:
        if not self._saved:
            return
        argv, stdin = self._saved
        self._saved = ()
        if builtins.__import__ is self.importer:
            builtins.__import__ = self.importer.real
        SHOWN_AS.clear()
        sys.argv = argv         # what the run did to sys.argv is undone, like its other process state
        if isinstance(sys.stdin, WatchedStdin):
            sys.stdin = stdin
        for env in self._environs:
            if type(env) is WatchedEnviron:
                env.__class__ = os._Environ
        cls = _random_module.Random
        for name, old in _CLASS_ORIGINALS.items():
            if old is None:
                delattr(cls, name)
            else:
                setattr(cls, name, old)
        for ns, key, original, standin in self._swapped:
            if ns.get(key) is standin:
                ns[key] = original
        self._swapped = []
        self._scan()    # modules imported during the run: bindings of stand-ins put back


_STANDINS: list[Standins] = []


def standins() -> Standins:
    """The process's stand-ins (made on first use: a fork inherits them)."""
    if not _STANDINS:
        _STANDINS.append(Standins())
    return _STANDINS[0]
