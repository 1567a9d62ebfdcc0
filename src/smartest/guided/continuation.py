"""What the callers of an annotated function still run after it returns.

The paper's may-unverified conditions are modular: MAY at a point of a function
says whether the rest of *that function* may be unverified.  A run of smartest
is a whole program, though: a callee's `assume(MAY)` that aborts the run also
cuts off whatever its callers would have done after the call, and a caller may
still hold an unverified assertion.  So before pruning, the runtime walks the
stack from the annotated frame to the target's entry and asks of each caller
frame: may the rest of this frame, from the call it is in, be unverified?  The
answer comes from the same abstraction and analysis, on the caller's source:
the call the frame is executing is found by its source span (CPython records
each instruction's span), and MAY after that call node is evaluated on the
caller's own assumption variables.  The run may be pruned only when the
callee's MAY and every caller's are all false.

A frame smartest cannot see into stops the walk with "unknown" (no pruning): a
library frame (it may call back into the target later), a lambda or a
comprehension, a function whose source is unavailable or changed, or an
instruction that is not a call or inside a simple statement or a header.
"""
from __future__ import annotations

import ast
import os
from collections import Counter
from types import CodeType, FrameType
from typing import Callable

from smartest.errors import AnnotationError
from smartest.guided.abstraction import ModuleSymbols, Span, build_graph
from smartest.guided.recognize import AnnotationNames, function_defs
from smartest.guided.inference import Conditions, analyze_module
from smartest.guided.instrument import local_name
from smartest.guided.values import evaluate, or_
from smartest.trace.site import instruction_start, is_own_frame


class _Function:
    """One function's conditions with its call and statement spans."""

    __slots__ = ("conditions", "calls", "spans", "positions", "_formulas")

    def __init__(self, conditions: Conditions, code: CodeType) -> None:
        self.conditions = conditions
        self.calls = conditions.graph.calls
        self.spans = sorted(conditions.graph.spans, key=lambda sp: _size(sp[0]))
        self.positions = list(code.co_positions()) if hasattr(code, "co_positions") else []
        self._formulas: dict[int, tuple[str, list[str]]] = {}

    def may_after(self, lasti: int, code: CodeType, callee: CodeType) -> tuple[str, list[str]] | None:
        """MAY of the rest of the frame (formula, identifiers it reads), or None if
        unknown.  `callee` is the code of the frame it called."""
        start = instruction_start(code, lasti)
        if start // 2 >= len(self.positions):
            return None
        line, end_line, col, end_col = self.positions[start // 2]
        if line is None or col is None:
            return None
        where: Span = (line, col, end_line, end_col)
        c = self.conditions
        call = self.calls.get(where)
        if call is not None:
            node, name, keys = call
            if name != callee.co_name and getattr(callee, "co_qualname", None) not in keys:
                return None     # not a direct call: a function in between (`map`, a wrapper) calls back
            return self._formula(c.may_after(node))
        for sp, point in self.spans:
            if _contains(sp, where):
                return self._formula(c.may(point))
        return None

    def _formula(self, table: int) -> tuple[str, list[str]]:
        if table not in self._formulas:
            space = self.conditions.space
            self._formulas[table] = (space.formula(table), space.used(table))
        return self._formulas[table]


def _size(sp: Span) -> tuple[int, int]:
    return (sp[2] - sp[0], sp[3] - sp[1] if sp[2] == sp[0] else sp[3])


def _contains(outer: Span, inner: Span) -> bool:
    return (outer[0], outer[1]) <= (inner[0], inner[1]) and (inner[2], inner[3]) <= (outer[2], outer[3])


class Continuations:
    """The stack walk, with the analyses of the source files it meets, cached."""

    def __init__(self, is_own_file: Callable[[str], bool], boundary: CodeType, strict: bool) -> None:
        self.is_own_file = is_own_file
        self.boundary = boundary
        self.strict = strict
        self._files: dict[str, dict[str, list] | None] = {}
        self._functions: dict[CodeType, _Function | None] = {}

    def after(self, frame: FrameType):
        """MAY of everything the callers of `frame` still run, as a bool or SymBool
        over their assumption variables; None when some caller is unknown."""
        out = False
        callee, f = frame.f_code, frame.f_back
        while f is not None:
            code = f.f_code
            if code is self.boundary:
                return out
            if is_own_frame(f):          # smartest's own frames (interception) are transparent
                f = f.f_back
                continue
            if not self.is_own_file(code.co_filename):
                return None
            fn = self._function(code)
            rest = fn.may_after(f.f_lasti, code, callee) if fn is not None else None
            if rest is None:
                return None
            formula, used = rest
            if formula != "False":
                locals_ = f.f_locals
                if any(local_name(n) not in locals_ for n in used):
                    return None      # not instrumented: its assumption variables do not exist
                out = or_(out, evaluate(formula, {n: locals_[local_name(n)] for n in used}))
                if out is True:
                    return True
            callee, f = code, f.f_back
        return None

    def _function(self, code: CodeType) -> _Function | None:
        if code in self._functions:
            return self._functions[code]
        found = None
        analyses = self._analyses(code.co_filename)
        if analyses is not None:
            qualname = getattr(code, "co_qualname", code.co_name)
            candidates = [c for c, first in analyses.get(qualname, []) if first == code.co_firstlineno]
            if len(candidates) == 1:
                found = _Function(candidates[0], code)
        self._functions[code] = found
        return found

    def _analyses(self, filename: str) -> dict[str, list] | None:
        if filename in self._files:
            return self._files[filename]
        result = None
        try:
            with open(filename, encoding="utf-8") as fh:
                tree = ast.parse(fh.read(), filename)
        except (OSError, SyntaxError, ValueError):
            tree = None
        if tree is not None:
            names, symbols = AnnotationNames.of(tree), ModuleSymbols.of(tree)
            where = os.path.relpath(filename)
            try:
                defs = list(function_defs(tree))
                graphs = [build_graph(fn, q, cls, symbols, names, self.strict, where) for q, cls, fn in defs]
            except AnnotationError:   # the installer reports it
                graphs = None
            if graphs is not None:
                counts = Counter(q for q, _, _ in defs)
                result = {}
                for (q, _, fn), c in zip(defs, analyze_module(graphs)):
                    if c is not None and counts[q] == 1:    # a redefined name: which one ran?
                        first = min([fn.lineno, *(d.lineno for d in fn.decorator_list)])
                        result.setdefault(q, []).append((c, first))
        self._files[filename] = result
        return result
