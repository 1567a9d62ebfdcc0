"""Test oracles that never trust the engine: they re-run inputs on the plain function."""
from __future__ import annotations

import dis
import functools
import enum
import importlib.util
import os
import sys
import traceback

from smartest.symbolic.recipes import Recipe, materialize

_RAISE = dis.opmap["RAISE_VARARGS"]


def load(path: str):
    """Import a program file by path, as its own module (fresh each call).

    The file's directory goes on sys.path first, as the engine does for a target
    file, so a program can import its sibling modules (the corpus's `helpers`).
    The module is in sys.modules only while it executes (dataclasses look it up
    there): an exploration installs the engine's models of builtins into every
    module of sys.modules under the target's directory, and the plain copy must
    keep the real builtins."""
    directory = os.path.dirname(os.path.realpath(path))
    if directory not in sys.path:
        sys.path.insert(0, directory)
    name = "plain_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    try:
        spec.loader.exec_module(mod)
    finally:
        del sys.modules[name]
    return mod


@functools.lru_cache(maxsize=None)
def _starts(code) -> tuple[int, ...]:
    """Offsets where the code's instructions start (cached: the corpus verifier
    classifies tens of thousands of exceptions)."""
    return tuple(i.offset for i in dis.get_instructions(code))
def plain_inputs(module, inputs: dict) -> dict:
    """Generated inputs as plain objects of `module`: recipes built, and classes and
    Enum members of the explored copy of the program replaced by `module`'s own."""
    return {k: materialize(_rehome(v, module)) for k, v in inputs.items()}


def _rehome(value, module):
    t = type(value)
    if t is Recipe:
        return Recipe(_same_class(value.cls, module), tuple(_rehome(a, module) for a in value.args),
                      tuple((k, _rehome(v, module)) for k, v in value.kwargs))
    if isinstance(value, enum.Enum):
        return getattr(_same_class(t, module), value.name)
    if t in (list, tuple, set, frozenset):
        return t(_rehome(v, module) for v in value)
    if t is dict:
        return {_rehome(k, module): _rehome(v, module) for k, v in value.items()}
    return value


def _same_class(cls, module):
    """`module`'s class of the same qualified name, if cls comes from another copy of it."""
    stem = module.__name__[len("plain_"):] if module.__name__.startswith("plain_") else module.__name__
    if cls.__module__.rpartition(".")[2] != stem:
        return cls
    obj = module
    for part in cls.__qualname__.split("."):
        obj = getattr(obj, part, None)
    return obj if isinstance(obj, type) else cls


def label(module, function: str, inputs: dict) -> str:
    """The outcome label of a plain call: "return <repr>", "raise T" or "bug T"."""
    fn = getattr(module, function)
    try:
        value = fn(**plain_inputs(module, inputs))
    except BaseException as e:  # noqa: BLE001 - classifying every outcome
        tb = e.__traceback__
        last = None
        while tb is not None:
            last = tb
            tb = tb.tb_next
        deliberate = False
        if last is not None and last.tb_frame.f_code.co_filename == module.__file__:
            code = last.tb_frame.f_code
            off = max(o for o in _starts(code) if o <= last.tb_lasti)
            deliberate = code.co_code[off] == _RAISE
        kind = "raise" if deliberate and not isinstance(e, AssertionError) else "bug"
        return f"{kind} {type(e).__name__}"
    return f"return {value!r}"


class FirstBugRuns:
    """An exploration handler: after how many runs the first input with each bug label
    came (`first`), the label found by running the input on the plain function."""

    def __init__(self, module, function: str) -> None:
        self.module, self.function = module, function
        self.first: dict[str, int] = {}

    def on_test(self, test, stats) -> None:
        if test.outcome in ("returned", "raised"):
            lab = label(self.module, self.function, dict(test.inputs))
            if lab.startswith("bug "):
                self.first.setdefault(lab, stats.runs)


def first_bugs(path: str, function: str, strategy: str, n: int, max_runs: int = 1500, time_limit: float = 600):
    """Explore `function` of the file at `path` with `strategy` (seed 0, `--max-str-len n`):
    (the report, {bug label: the run whose input first triggered it})."""
    import smartest
    first = FirstBugRuns(load(path), function)
    report = smartest.explore(f"{path}:{function}", strategy=strategy, run_dir=None, deepen=False, coverage=False,
                              max_runs=max_runs, time_limit=time_limit, max_str_len=n, seed=0, handlers=[first])
    return report, first.first
