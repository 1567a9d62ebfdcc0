"""Test oracles that never trust the engine: they re-run inputs on the plain function."""
from __future__ import annotations

import dis
import functools
import importlib.util
import os
import sys
import traceback

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


def label(module, function: str, inputs: dict) -> str:
    """The outcome label of a plain call: "return <repr>", "raise T" or "bug T"."""
    fn = getattr(module, function)
    try:
        value = fn(**inputs)
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
