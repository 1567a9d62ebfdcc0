"""Reads of a symbolic int that watched library code makes in C without calling it.

Library code that cannot run as a rewritten shadow (models/shadows.py) runs under the
profile hook of models/escapes.py, which records each *unfollowed* C call made with a
proxy at hand.  But a followed callee can read a SymInt as a C integer too
(`range(0, -n, -1)` in `Counter.most_common`, `self.data.insert(i, item)` in
`UserList.insert`: CPython's `PyNumber_Index` hands an int subclass back as it is and
C reads its digits), and some reads make no call at all: a subscript or a slice of a
plain sequence (`self.data[i]` in `UserList.__getitem__`) and `"%d" % n`.  No method
of the SymInt runs, so nothing was recorded and a search could end `complete` with
`most_common(2)` never tried (notes/s10-silent.md).  This module answers, for the hook:

* `c_call_reads_int`: at a C call of a followed callee, whether it reads a SymInt.  The
  hook sees the callee, not the arguments, so they are decoded from the bytecode
  before the call where each is a plain load (a local, a constant, a global); where
  one is computed (`-n`), any SymInt among the frame's locals counts.  Which callee
  reads which argument is `int_reads.reads_int_value`'s table, as in own code.
* `reads_without_call`: at the start of a library frame, whether its code has a
  subscript, a slice, a stored or deleted item at a non-constant index, a `%` of a
  constant text, or calls `range`, `bytes` or `bytearray` (calling a type makes no
  C-call event), while a SymInt is among its arguments (or one level down, or in
  `self`'s attributes).  An approximation of "this frame may index with it": the
  hook sees no operand of an instruction that is not a call.
"""
from __future__ import annotations

import dis
from types import CodeType, FrameType
from typing import Any

from smartest.models.int_reads import might_read_int, reads_int_value
from smartest.symbolic.ints import SymInt

_LOADS = frozenset({"LOAD_FAST", "LOAD_CONST", "LOAD_GLOBAL", "LOAD_DEREF", "LOAD_NAME", "LOAD_CLOSURE"})
_INDEXING = frozenset({"BINARY_SUBSCR", "STORE_SUBSCR", "DELETE_SUBSCR", "BINARY_SLICE", "STORE_SLICE"})
_REMAINDER = frozenset({6, 19})     # BINARY_OP's `%` and `%=`
_UNKNOWN = object()

_INSTRUCTIONS: dict[CodeType, tuple[list, dict[int, int]]] = {}
_INDEXES: dict[CodeType, bool] = {}


def _instructions(code: CodeType) -> tuple[list, dict[int, int]]:
    hit = _INSTRUCTIONS.get(code)
    if hit is None:
        listing = list(dis.get_instructions(code))
        hit = _INSTRUCTIONS[code] = listing, {ins.offset: i for i, ins in enumerate(listing)}
    return hit


def _at(code: CodeType, offset: int) -> tuple[list, int]:
    """The instructions of `code` and the index of the one `offset` falls in (3.11
    reports an offset inside the inline cache after a specialized instruction)."""
    listing, index = _instructions(code)
    while offset >= 0 and offset not in index:
        offset -= 2
    return listing, index.get(offset, -1)


def _load(ins, frame: FrameType) -> Any:
    """The value a plain load instruction pushes, read from the frame."""
    if ins.opname == "LOAD_CONST":
        return ins.argval
    if ins.opname == "LOAD_GLOBAL":
        found = frame.f_globals.get(ins.argval, _UNKNOWN)
        return found if found is not _UNKNOWN else frame.f_builtins.get(ins.argval, _UNKNOWN)
    return frame.f_locals.get(ins.argval, _UNKNOWN)


def call_arguments(frame: FrameType) -> tuple[tuple, dict] | None:
    """The positional and keyword arguments of the call the frame is making, or None
    when one of them is computed rather than loaded (or the call is not a plain
    `PRECALL n; CALL n`: `f(*args)`, a call of 3.12)."""
    listing, i = _at(frame.f_code, frame.f_lasti)
    if i < 0:
        return None
    if listing[i].opname == "CALL":
        i -= 1
    if i < 0 or listing[i].opname != "PRECALL":
        return None
    argc = listing[i].arg or 0
    i -= 1
    names: tuple = ()
    if i >= 0 and listing[i].opname == "KW_NAMES":
        names = frame.f_code.co_consts[listing[i].arg]     # 3.11's dis shows the index, not the names
        if not isinstance(names, tuple):
            return None
        i -= 1
    if i - argc + 1 < 0:
        return None
    loads = listing[i - argc + 1:i + 1]
    if any(ins.opname not in _LOADS for ins in loads):
        return None
    values = [_load(ins, frame) for ins in loads]
    if any(v is _UNKNOWN for v in values):
        return None
    split = len(values) - len(names)
    return tuple(values[:split]), dict(zip(names, values[split:]))


def c_call_reads_int(frame: FrameType, fn: Any, symbolic_int_at_hand) -> bool:
    """Whether the followed C callable `fn`, called now by `frame`, reads a SymInt as a
    C integer.  `symbolic_int_at_hand(frame)` is asked only when an argument is computed."""
    if not might_read_int(fn):
        return False
    decoded = call_arguments(frame)
    if decoded is None:
        return symbolic_int_at_hand(frame)
    args, kwargs = decoded
    return reads_int_value(fn, args, kwargs)


def reads_without_call(code: CodeType) -> bool:
    """Whether `code` indexes, slices, stores or deletes an item at a non-constant
    index, applies `%` to a constant text, or names a counting type (cached per code
    object)."""
    hit = _INDEXES.get(code)
    if hit is None:
        listing, _ = _instructions(code)
        hit = _INDEXES[code] = any(_indexing_at(listing, k) for k in range(len(listing)))
    return hit


# Builtin types that read an int argument as a C integer (a type's call makes no
# `c_call` event): `range(n)`, `bytes(n)`, `bytearray(n)`.
_COUNTING_TYPES = frozenset({"range", "bytes", "bytearray"})


def _indexing_at(listing: list, k: int) -> bool:
    ins = listing[k]
    if ins.argval in _COUNTING_TYPES and (ins.opname == "LOAD_NAME" or ins.opname == "LOAD_GLOBAL" and ins.arg & 1):
        return True     # LOAD_GLOBAL's low bit: the name is loaded to be called (not `isinstance(x, range)`)
    if ins.opname in _INDEXING:
        before = listing[k - 1] if k else None
        if before is None or before.opname == "LOAD_CONST":
            return False
        if before.opname == "BUILD_SLICE":
            bounds = listing[max(0, k - 1 - (before.arg or 0)):k - 1]
            return not all(b.opname == "LOAD_CONST" for b in bounds)
        return True
    if ins.opname == "BINARY_OP" and ins.arg in _REMAINDER and k >= 2:
        left = listing[k - 2]
        return left.opname == "LOAD_CONST" and isinstance(left.argval, (str, bytes))
    return False


def holds_symbolic_int(values: tuple) -> bool:
    """A SymInt among `values`, or one level down in a plain list, tuple or dict."""
    for v in values:
        t = type(v)
        if t is SymInt:
            return True
        if (t is list or t is tuple) and len(v) <= 64 and any(type(x) is SymInt for x in v):
            return True
        if t is dict and len(v) <= 64 and any(type(x) is SymInt for x in v.values()):
            return True
    return False
