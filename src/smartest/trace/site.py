"""Branch sites: where in the target's code a symbolic condition was decided.

A site is a code object and an instruction offset, so it is stable across runs of
one process; `describe` turns it into `file:line (function)` for people and
`key` into a string that survives a process or a database.
"""
from __future__ import annotations

import bisect
import dis
import os
import sys
from dataclasses import dataclass
from types import CodeType, FrameType

# Code objects keep the path the package was imported by (sys.path may hold
# "benchmarks/../src"), so both that spelling and the normalized one are smartest's.
_PKG_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_PKG_DIRS = (_PKG_DIR, os.path.dirname(os.path.dirname(__file__)) + os.sep)


def is_own_frame(frame: FrameType) -> bool:
    """True for frames of smartest itself (models, proxies), which never own a site."""
    return frame.f_code.co_filename.startswith(_PKG_DIRS)


@dataclass(frozen=True, slots=True)
class Site:
    code: CodeType
    offset: int

    @property
    def line(self) -> int:
        for start, end, line in self.code.co_lines():
            if start <= self.offset < end and line is not None:
                return line
        return self.code.co_firstlineno

    @property
    def function(self) -> str:
        return getattr(self.code, "co_qualname", self.code.co_name)

    def describe(self) -> str:
        return f"{os.path.relpath(self.code.co_filename)}:{self.line} ({self.function})"

    @property
    def key(self) -> str:
        return f"{self.code.co_filename}:{self.function}:{self.code.co_firstlineno}:{self.offset}"


_STARTS: dict[CodeType, tuple[list[int], dict[int, int]]] = {}


def instruction_start(code: CodeType, offset: int) -> int:
    """The offset of the instruction that `offset` belongs to.

    CPython 3.11+ specializes instructions at run time and then reports `f_lasti`
    inside the inline cache that follows an instruction, so the same branch would
    get two offsets; snapping to the instruction start keeps sites stable.  A call
    of 3.11 is PRECALL + CALL, and a specialized PRECALL makes the call itself, so a
    frame inside the callee reports either one: both count as the CALL.
    """
    hit = _STARTS.get(code)
    if hit is None:
        instructions = list(dis.get_instructions(code))
        starts = [i.offset for i in instructions]
        calls = {a.offset: b.offset for a, b in zip(instructions, instructions[1:]) if a.opname == "PRECALL"}
        hit = _STARTS[code] = (starts, calls)
    starts, calls = hit
    k = bisect.bisect_right(starts, offset) - 1
    start = starts[k] if k >= 0 else offset
    return calls.get(start, start)


def user_site(frame: FrameType | None = None) -> Site:
    """The site of the innermost frame that is not smartest's own code."""
    f = frame if frame is not None else sys._getframe(1)
    while f is not None and is_own_frame(f):
        f = f.f_back
    if f is None:  # a proxy asked for its truth by smartest itself: no user site
        return Site(user_site.__code__, 0)
    return Site(f.f_code, instruction_start(f.f_code, f.f_lasti))
