"""What the bytecode says about the sides of branch sites: where each side goes, and
whether it can reach a statement of interest or a call of a function.

Two uses by the demand-driven strategy (`search/demand.py`):

* **aiming** (`--target`, the paper's "target"): the dangling sides from which an
  `assert` (`assert`), any `raise` (`raise`) or a line (`FILE:LINE`, `LINE`) is
  reachable in the control flow of their code object (or through a call of a
  function of the target that can reach it) are chosen first, nearest first;
* **calling contexts**: a dangling side of g may call f (the paper's unknownC^g)
  only if g's code, from that side on, can reach a call of f or of a function that
  may call f.  The paper counts every dangling side of every function; leaving
  out the others is sound as long as calls are made by name, so it is given up for
  f when some dunder method or property setter of the target may call f (those are
  called by operators and attribute stores, not by name).

Control flow is read from `dis`: fall-through, jumps, returns and raises, and the
exception table (every instruction in a protected range may go to its handler).
A side of a conditional jump continues at the jump's target or the next
instruction; any other branch site (an implicit check inside an instruction)
continues at the instruction's successors.  Everything here over-approximates.
"""
from __future__ import annotations

import dis
import os
from collections import deque
from types import CodeType, FunctionType
from typing import Iterable

from smartest.errors import InvalidArgument

_LOADS = frozenset({"LOAD_GLOBAL", "LOAD_NAME", "LOAD_ATTR", "LOAD_METHOD", "LOAD_DEREF", "LOAD_CLOSURE"})
_UNCONDITIONAL = frozenset({"JUMP_FORWARD", "JUMP_BACKWARD", "JUMP_BACKWARD_NO_INTERRUPT", "JUMP",
                            "JUMP_NO_INTERRUPT", "JUMP_ABSOLUTE"})
_EXITS = frozenset({"RETURN_VALUE", "RETURN_CONST", "RAISE_VARARGS", "RERAISE"})
_JUMPS = frozenset(dis.hasjrel) | frozenset(dis.hasjabs)


class Flow:
    """The control-flow graph of one code object, by instruction index."""

    def __init__(self, code: CodeType) -> None:
        self.code = code
        self.ins = list(dis.get_instructions(code))
        self.at = {i.offset: k for k, i in enumerate(self.ins)}
        n = len(self.ins)
        self.succ: list[list[int]] = [[] for _ in range(n)]
        for k, i in enumerate(self.ins):
            if i.opname in _EXITS:
                continue
            if i.opcode in _JUMPS and isinstance(i.argval, int) and i.argval in self.at:
                self.succ[k].append(self.at[i.argval])
                if i.opname in _UNCONDITIONAL:
                    continue
            if k + 1 < n:
                self.succ[k].append(k + 1)
        try:
            entries = dis.Bytecode(code).exception_entries
        except AttributeError:   # Python < 3.11: no exception table
            entries = ()
        for e in entries:
            if e.target in self.at:
                for k in range(self.at.get(e.start, n), n):
                    if self.ins[k].offset >= e.end:
                        break
                    self.succ[k].append(self.at[e.target])
        self._bfs: dict[tuple, dict[int, int]] = {}

    def starts(self, offset: int, side) -> tuple[int, ...]:
        """Where execution goes on after the branch at `offset` took `side`."""
        k = self.at.get(offset)
        if k is None:
            return ()
        i = self.ins[k]
        name = i.opname
        if side in (True, False) and i.opcode in _JUMPS and ("IF_FALSE" in name or "IF_TRUE" in name) \
                and isinstance(i.argval, int) and i.argval in self.at:
            jumps = side if "IF_TRUE" in name else not side
            if jumps:
                return (self.at[i.argval],)
            return (k + 1,) if k + 1 < len(self.ins) else ()
        return tuple(self.succ[k])

    def distances(self, starts: tuple[int, ...]) -> dict[int, int]:
        """Instruction index -> fewest steps from `starts`."""
        hit = self._bfs.get(starts)
        if hit is None:
            hit = {}
            todo = deque()
            for s in starts:
                hit[s] = 0
                todo.append(s)
            while todo:
                k = todo.popleft()
                for j in self.succ[k]:
                    if j not in hit:
                        hit[j] = hit[k] + 1
                        todo.append(j)
            self._bfs[starts] = hit
        return hit

    def line(self, k: int) -> int | None:
        i = self.ins[k]
        pos = getattr(i, "positions", None)
        if pos is not None and pos.lineno is not None:
            return pos.lineno
        for j in range(k, -1, -1):
            if self.ins[j].starts_line:
                return self.ins[j].starts_line
        return None


def _codes(code: CodeType) -> Iterable[CodeType]:
    yield code
    for c in code.co_consts:
        if isinstance(c, CodeType):
            yield from _codes(c)


def _short(qualname: str) -> str:
    return qualname.rsplit(".", 1)[-1]


class Aim:
    """A statement to aim at: `assert`, `raise`, `FILE:LINE` or `LINE` (in the target's file)."""

    def __init__(self, spec: str, default_file: str | None) -> None:
        self.spec = spec
        self.kind = spec
        self.file = self.line = None
        if spec not in ("assert", "raise"):
            path, _, line = spec.rpartition(":")
            if not line.isdigit():
                raise InvalidArgument(f"--target must be assert, raise, FILE:LINE or LINE, not {spec!r}")
            self.kind, self.line = "line", int(line)
            self.file = os.path.realpath(path) if path else (os.path.realpath(default_file) if default_file else None)
            if self.file is None or not os.path.isfile(self.file):
                raise InvalidArgument(f"--target {spec!r}: no such file {path or default_file!r}")

    def matches(self, flow: Flow, k: int) -> bool:
        i = flow.ins[k]
        if self.kind == "line":
            return flow.line(k) == self.line and os.path.realpath(flow.code.co_filename) == self.file
        assertion = i.opname == "LOAD_ASSERTION_ERROR" or (i.opname in ("LOAD_GLOBAL", "LOAD_NAME")
                                                           and i.argval == "AssertionError")
        return assertion or (self.kind == "raise" and i.opname == "RAISE_VARARGS")


class Static:
    """Static facts about the target's functions, for one exploration."""

    def __init__(self, functions: list[tuple[str, FunctionType]], callees: dict[str, set],
                 entry: str, aim: Aim | None = None) -> None:
        self.entry = entry
        self.code = {q: fn.__code__ for q, fn in functions}
        self.callees = callees
        self.aim = aim
        self._flows: dict[CodeType, Flow] = {}
        self._reach: dict[str, set] = {}
        self._names: dict[str, tuple[frozenset, bool]] = {}
        self._aimed = self._aimed_functions() if aim is not None else frozenset()

    def flow(self, code: CodeType) -> Flow:
        f = self._flows.get(code)
        if f is None:
            f = self._flows[code] = Flow(code)
        return f

    def _qualname(self, key) -> str:
        return key.qualname if key.qualname is not None else self.entry

    # -- the call graph by names -----------------------------------------------
    def reach(self, q: str) -> set:
        """Own functions `q` may call, transitively."""
        hit = self._reach.get(q)
        if hit is None:
            hit, todo = set(), [q]
            while todo:
                for c in self.callees.get(todo.pop(), ()):
                    if c not in hit:
                        hit.add(c)
                        todo.append(c)
            self._reach[q] = hit
        return hit

    def may_reach(self, g_key, f_key) -> bool:
        return self._qualname(f_key) in self.reach(self._qualname(g_key))

    def _callers(self, f: str) -> tuple[frozenset, bool]:
        """Short names of f and of every function that may call it, and whether one of
        them is called other than by name (a dunder, a property setter)."""
        hit = self._names.get(f)
        if hit is None:
            callers = {q for q in self.code if f in self.reach(q)}
            implicit = any(_short(q).startswith("__") or "#" in q for q in callers)
            hit = self._names[f] = (frozenset(_short(q).split("#")[0] for q in callers | {f}), implicit)
        return hit

    def may_call(self, node, side, f_key) -> bool:
        """Can the function of `node`'s tree, after taking `side` there, call f?"""
        names, implicit = self._callers(self._qualname(f_key))
        own = self.code.get(self._qualname(node.tree.key))
        code = node.site.code
        if implicit or own is None or code is not own:
            return True   # a helper's code, a comprehension, an input choice: assume it may
        flow = self.flow(code)
        seen = flow.distances(flow.starts(node.site.offset, side))
        return any(flow.ins[k].opname in _LOADS and flow.ins[k].argval in names for k in seen)

    # -- aiming ------------------------------------------------------------------
    def _aimed_functions(self) -> frozenset:
        """Own functions that may reach the aimed statement (in their code, or by a call)."""
        direct = {q for q, code in self.code.items()
                  if any(self.aim.matches(self.flow(c), k) for c in _codes(code)
                         for k in range(len(self.flow(c).ins)))}
        return frozenset(q for q in self.code if q in direct or self.reach(q) & direct)

    def distance(self, node, side) -> int | None:
        """Fewest instructions from `side` of `node` to the aimed statement, or to a call
        of a function that may reach it; None if neither is reachable from there."""
        if self.aim is None:
            return None
        code = node.site.code
        if not code.co_filename or code.co_filename.startswith("<"):
            return None
        flow = self.flow(code)
        names = frozenset(_short(q).split("#")[0] for q in self._aimed)
        best = None
        for k, d in flow.distances(flow.starts(node.site.offset, side)).items():
            i = flow.ins[k]
            if self.aim.matches(flow, k) or (i.opname in _LOADS and i.argval in names):
                best = d if best is None else min(best, d)
        return best
