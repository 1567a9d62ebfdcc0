"""Targets for test_trial.py: shapes of functions met in a field trial on packages from
the index (notes/s7-trial.md), kept apart from the test module (an exploration installs
its models into every module under its target's import root)."""

import functools
import os
import signal
from operator import index as _index
from typing import NamedTuple

KNOWN = {"xterm": "xterm", "kitty": "kitty", "wt": "windows-terminal"}


def resolve_terminal(term_program: bool | str = False) -> str:
    """wcwidth's `resolve_terminal`: `False` disables the lookup, `True` auto-detects,
    a string names the terminal.  The flag is told apart from a name by identity."""
    if term_program is False:
        return "off"
    if term_program is True:
        term_program = "xterm"
    if not term_program:
        return "empty"
    key = term_program.strip().lower()
    return KNOWN.get(key, "unknown")


def strict_flag(flag: bool) -> int:
    """`is not True` on a plain bool parameter: only the singleton True passes."""
    if flag is not True:
        return 0
    return 1


ON = True


def flag_then_crash(flag: bool, x: int) -> int:
    """A bug only a proxy shows (`flag is ON`: no constant, so not rewritten, and a
    proxy is never the singleton), then a crash that kills the exploration: its bugs
    are confirmed apart."""
    if x != 13:
        if flag is ON:
            return 1
        if flag:
            raise ValueError("a true flag that is not True")
        return 0
    os.kill(os.getpid(), signal.SIGSEGV)
    return 2


class SizeParams(NamedTuple):
    """wcwidth's `TextSizingParams`: every field has a default, so `SizeParams()` works,
    and the method's branches are on the fields."""

    scale: int = 1
    width: int = 0

    def make_sequence(self) -> str:
        parts = []
        if self.scale != 1:
            parts.append(f"s={self.scale}")
        if self.width != 0:
            parts.append(f"w={self.width}")
        return ":".join(parts)


def clamp_width(width: int) -> int:
    """wcwidth's `_clamp_ambiguous_width`: `operator.index` first, then the bounds."""
    value = _index(width)
    if value < 1:
        return 1
    if value > 2:
        return 2
    return value


ALPHABET = "abcdefghij"


def digit_of(ch: str) -> int:
    """hashids' `_unhash`: the position of a character in an alphabet held in a variable
    (`alphabet.index(character)`), not a literal the source rewrite would see."""
    alphabet = ALPHABET
    i = alphabet.index(ch)
    if i > 5:
        return 2
    return 1


def printable_fast_path(text: str) -> int:
    """wcwidth's `width`: printable text takes the fast path, text with a control
    character the slow one (the empty string is printable)."""
    if text.isprintable():
        return 1
    return 2


WIDTHS = (10, 20, 30, 40)


def table_lookup(i: int) -> int:
    """A symbolic index into a plain tuple (wcwidth's tables, hashids' alphabet): C
    reads an int subclass's concrete value without asking `__index__`."""
    if WIDTHS[i] == 30:
        return 1
    return 0


def swap_in_place(i: int) -> int:
    """hashids' `_reorder`: a plain list written at a symbolic index."""
    chars = list("abcd")
    if i < 0 or i > 3:
        return -1
    chars[0], chars[i] = chars[i], chars[0]
    if chars[0] == "c":
        return 1
    return 0


@functools.lru_cache(maxsize=None)
def _kind(flag: bool) -> str:
    if flag:
        return "on"
    return "off"


def cached_then_branch(flag: bool, x: int) -> int:
    """wcwidth's `resolve_terminal` is an `lru_cache`d function: a later run calling it
    with an earlier run's argument would skip its body and its branch."""
    kind = _kind(flag)
    if x > 10:
        return 2
    return 1 if kind == "on" else 0
