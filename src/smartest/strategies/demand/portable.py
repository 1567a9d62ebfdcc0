"""Demand-driven search's trees as they travel between the workers of one exploration
(engine/parallel.py, engine/regions.py): the local paths a worker added, in a form
another process can walk into its own forest.

What a worker learns that holds everywhere is which local paths of each function
exist: a local path is a function of the function's formals (and of what its calls
returned), whatever region of the program's inputs the run came from.  So a worker
sends each local path that added something to its trees, and every other worker
(through the coordinator, whose forest is the report's) walks it into its own tree;
a side it marks explored there is no target any more, so no worker runs again what
another ran.  What holds in one region only (a side proved unreachable under a
region's constraints) is never sent.

    in the forest                       on the wire
    ─────────────                       ───────────
    Site (a code object, an offset)     `Site.key`, resolved by the receiver (`SiteIndex`)
    a call's returned-value variable    the sender's name, renamed to the receiver's node's
      `demand:ret<uid>.<sort>`            variable as the path is walked
    an object outcome class (a leaf's   not sent (the path stays with its worker: another
      uid), an opaque condition          may run it again, never misses it)
"""
from __future__ import annotations

import sys
from types import CodeType, FunctionType

from smartest.strategies.demand.trees import Cursor, Forest, FunctionKey
from smartest.terms import Term
from smartest.terms.rewrite import substitute
from smartest.trace.site import Site

OPAQUE = "demand:opaque"    # the prefix of a condition's variable that stands for no term


class LocalPath:
    """One local path as the policy walks it into a tree, recorded step by step
    (`branch`, `call`, `end`, the Cursor's own), to be sent when it added something."""

    def __init__(self, key: FunctionKey, assignment: dict) -> None:
        self.key, self.assignment = key, dict(assignment)
        self.steps: list[tuple] = []
        self.portable = True

    def branch(self, site: Site, term: Term, taken: bool, flippable: bool) -> None:
        self._check(term)
        self.steps.append(("branch", site.key, term, taken, flippable))

    def call(self, site: Site, callee: FunctionKey, args: tuple, cls: tuple, ret: Term | None) -> None:
        if cls[0] == "object":
            self.portable = False
        for a in args:
            self._check(a)
        self.steps.append(("call", site.key, callee, args, cls, ret))

    def end(self, cls: tuple, value: Term | None) -> None:
        if cls[0] == "object":
            self.portable = False
        self._check(value)
        self.steps.append(("end", cls, value))

    def _check(self, t: Term | None) -> None:
        if t is not None and any(str(v.value).startswith(OPAQUE) for v in t.free):
            self.portable = False

    def message(self) -> tuple:
        return (self.key, self.assignment, tuple(self.steps))


class SiteIndex:
    """Sites by `Site.key`: every code object of the target's own modules (nested
    ones too), found once."""

    def __init__(self, modules) -> None:
        self.modules = list(modules)
        self.codes: dict[tuple[str, str, int], CodeType] | None = None

    def site(self, key: str) -> Site | None:
        if self.codes is None:
            self.codes = {}
            for module in self.modules:
                for obj in list(vars(module).values()):
                    for fn in _functions(obj):
                        # Intercepted functions wrap the target's own; a wrapper may
                        # also wrap C code (a model's stand-in), which has no code object.
                        while isinstance(fn, FunctionType):
                            self._add(fn.__code__)
                            fn = getattr(fn, "__wrapped__", None)
        filename, function, first, offset = key.rsplit(":", 3)
        code = self.codes.get((filename, function, int(first)))
        return Site(code, int(offset)) if code is not None else None

    def _add(self, code: CodeType) -> None:
        stack = [code]
        while stack:
            c = stack.pop()
            self.codes.setdefault((c.co_filename, getattr(c, "co_qualname", c.co_name), c.co_firstlineno), c)
            stack.extend(k for k in c.co_consts if isinstance(k, CodeType))


def _functions(obj):
    """The functions defined by a module's attribute (a class's methods and properties too)."""
    if isinstance(obj, FunctionType):
        yield obj
    elif isinstance(obj, type):
        for raw in list(vars(obj).values()):
            if isinstance(raw, property):
                yield from (f for f in (raw.fget, raw.fset, raw.fdel) if isinstance(f, FunctionType))
            else:
                f = raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw
                if isinstance(f, FunctionType):
                    yield f


def walk(forest: Forest, message: tuple, sites: SiteIndex) -> bool:
    """Walk a local path another worker sent into `forest`; whether it added something.
    A site this process cannot resolve ends the walk where it is (what came before
    stays: it is a prefix of a real local path)."""
    key, assignment, steps = message
    cursor = Cursor(forest, forest.tree(key), assignment)
    rename: dict[Term, Term] = {}

    def here(t: Term | None) -> Term | None:
        return substitute(t, rename) if t is not None and rename and t.free & rename.keys() else t

    for step in steps:
        if step[0] == "end":
            cursor.end(step[1], here(step[2]))
            break
        site = sites.site(step[1])
        if site is None:
            break
        if step[0] == "branch":
            if cursor.branch(site, here(step[2]), step[3], step[4]) is None:
                break
            continue
        _, _, callee, args, cls, ret = step
        node = cursor.call(site, callee, tuple(here(a) for a in args), cls)
        if node is None:
            break
        if ret is not None and cls in node.rets:
            rename[ret] = node.rets[cls]
    return cursor.new > 0


def own_modules_of(table) -> list:
    """The modules a code table's functions come from (the sites a path may name)."""
    names = {f.module.__name__ for f in table.facts.values() if f.module is not None}
    return [sys.modules[n] for n in sorted(names) if n in sys.modules]
