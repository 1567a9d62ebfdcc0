"""LATEST's call policy: abstract the target's input-dependent calls, expand on demand.

Majumdar and Sen's lazy expansion explores the function under test with every
called function replaced by an unconstrained input (`abstract_next_path`, their
Figure 4) and expands a call only when concretizing an abstract path needs it
(Figure 5).  This policy carries out, for one run, what the searcher
(`search/lazy.py`) decided:

* every intercepted call gets a **call id**: the path of ordinals from the function
  under test down to it (`(2,)` is the third intercepted call the target made
  itself, `(2, 0)` the first that call made).  Ids are stable across runs that
  take the same decisions before the call, which is what the stateless algorithm
  of section 4.2 relies on: a run is described by its inputs and the set of ids
  to expand (a `Plan`), never by a stored symbolic state;
* a call the plan expands runs (`proceed`), and its own calls are abstracted in
  turn unless the plan expands them too: laziness is recursive;
* any other call whose arguments carry a symbolic value (section 4.4: "if the
  input (or any memory read) by a function call has a mapping in the symbolic
  state") and whose return annotation is an input kind (int, str, bool...) is
  **abstracted**: it does not run, and answers a fresh variable named after its
  id (`locate@0`), whose value is the run's assignment for that name (solver-
  chosen) or a random draw the first time (Figure 4's `IMap[i] := random()`);
* calls with no symbolic argument run normally (section 4.4), and so do calls
  whose result could not be an input (no or an unsupported return annotation:
  their branches then belong to the caller's exploration, as if inlined).

Which functions may be abstracted is a set of qualified names (`--abstract`), or
all the target's own functions.  The policy also records each run's control path
(`trace/control.py`), which the searcher compares when it stitches an expanded
call's path to the rest of an abstract path.
"""
from __future__ import annotations

import inspect
import random
import types
import typing
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from smartest.calls.protocol import Call, RunNotes
from smartest.symbolic.bools import SymBool
from smartest.symbolic.inputs import InputKind, fresh, kind_for, kind_of_value
from smartest.symbolic.ints import SymInt
from smartest.symbolic.realize import term_of
from smartest.symbolic.strs import SymStr
from smartest.terms import Sort, Term, build, var
from smartest.trace.control import ControlRecorder
from smartest.trace.recorder import Recorder

CallId = tuple[int, ...]
ROOT: CallId = ()
ALPHA_MARK = "@"   # parameter names are identifiers, so "@" marks an abstract return value
FORMAL_MARK = "#"  # ... and "#" a formal parameter of an expanded call


def alpha_name(qualname: str, cid: CallId) -> str:
    """The variable that stands for the result of abstracted call `cid`."""
    return f"{qualname.rsplit('.', 1)[-1]}{ALPHA_MARK}{'.'.join(map(str, cid))}"


def is_alpha(name: str) -> bool:
    return ALPHA_MARK in name


RAISE_MARK = "!raises"   # alpha name + this: the abstracted call raised instead of returning


def raise_name(alpha: str) -> str:
    """The boolean variable that says whether abstracted call `alpha` raises."""
    return alpha + RAISE_MARK


def is_raise_flag(name: str) -> bool:
    return name.endswith(RAISE_MARK)


class AbstractRaise(Exception):
    """What an abstracted call raises on an abstract path where it does not return.

    In Python a call may end in an exception as well as in a value, and an exception
    that leaves the call is a path of the caller of its own (it skips the rest of
    the caller, or enters one of its handlers).  Abstract exploration that let an
    abstracted call only return would never see those paths of the function under
    test, and concretization only looks for real paths that follow an abstract
    one, so a bug raised inside a callee (a division by a computed zero in the
    parser's `term`) was never searched for, and the search still claimed to be
    complete (issue 12).  So each abstracted call also decides, as a branch of
    its caller over a fresh boolean (`term@0.1!raises`), whether it returns or
    raises; a raising abstract path is concretized by a real path of the call
    that raises and leaves the caller the same way."""


@dataclass(frozen=True)
class Plan:
    """Which calls of a run really run: `expanded` ids, and every call under a `deep` id."""

    expanded: frozenset = frozenset()
    deep: frozenset = frozenset()
    everything: bool = False     # a real run call for call, as DART's (EXPAND_ALL)

    def expands(self, cid: CallId) -> bool:
        if self.everything or cid in self.expanded:
            return True
        return bool(self.deep) and any(cid[:k] in self.deep for k in range(1, len(cid) + 1))

    def with_expanded(self, cid: CallId) -> "Plan":
        return Plan(self.expanded | {cid}, self.deep)

    def with_deep(self, cid: CallId) -> "Plan":
        return Plan(self.expanded | {cid}, self.deep | {cid})


EMPTY_PLAN = Plan()
# The plan of DART's runs (interleave.py's half, the engine's fallback): no call is
# abstracted and every call runs inline, so the run is real, its path DART's, and its
# callees' branches are on it, where DART's search can negate them.
EXPAND_ALL = Plan(everything=True)


@dataclass(frozen=True)
class LazyTrace:
    """What the policy saw in one run (in `RunNotes.info["lazy"]`)."""

    ids: tuple[CallId, ...]        # call id of each intercepted call, by CallRecord.index
    events: tuple                  # the control path (trace/control.py)
    drawn: Mapping[str, Any]       # abstract return values drawn at random in this run
    plan: Plan


_ATOMS = (int, float, str, bytes, bool, type(None), complex)
_OPAQUE = (type, types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.ModuleType)


def carries_symbolic(value: Any, depth: int = 4, _seen: set | None = None) -> bool:
    """Does `value` hold a concolic value, directly or in a container or object
    attribute (at most `depth` levels down)?"""
    t = type(value)
    if t is SymInt or t is SymStr or t is SymBool:
        return True
    if t in _ATOMS or depth == 0:
        return False
    seen = _seen if _seen is not None else set()
    if id(value) in seen:
        return False
    seen.add(id(value))
    if t in (list, tuple, set, frozenset):
        return any(carries_symbolic(v, depth - 1, seen) for v in value)
    if t is dict:
        return any(carries_symbolic(k, depth - 1, seen) or carries_symbolic(v, depth - 1, seen)
                   for k, v in value.items())
    if isinstance(value, _OPAQUE):
        return False
    attrs = getattr(value, "__dict__", None)
    if isinstance(attrs, dict) and any(carries_symbolic(v, depth - 1, seen) for v in attrs.values()):
        return True
    for cls in t.__mro__:
        for name in getattr(cls, "__slots__", ()):
            if isinstance(name, str) and carries_symbolic(getattr(value, name, None), depth - 1, seen):
                return True
    return False


_SIGNATURES: dict[Callable, list[str]] = {}


def _positional_names(fn: Callable) -> list[str]:
    names = _SIGNATURES.get(fn)
    if names is None:
        try:
            params = inspect.signature(fn).parameters.values()
            names = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        except (TypeError, ValueError):
            names = []
        _SIGNATURES[fn] = names
    return names


def formal_slots(fn: Callable, args: tuple, kwargs: Mapping[str, Any]) -> list[tuple[int | str, str]]:
    """The integer arguments an expanded call takes as formal variables: (position
    or keyword, parameter name)."""
    names = _positional_names(fn)
    slots: list[tuple[int | str, str]] = []
    for k, v in enumerate(args):
        if isinstance(v, int) and not isinstance(v, bool) and type(v) is not SymBool:
            slots.append((k, names[k] if k < len(names) else f"arg{k}"))
    for key, v in kwargs.items():
        if isinstance(v, int) and not isinstance(v, bool):
            slots.append((key, key))
    return slots


def formal_name(param: str, cid: CallId) -> str:
    return f"{param}{FORMAL_MARK}{'.'.join(map(str, cid))}"


def formal_links(fn: Callable, args: tuple, kwargs: Mapping[str, Any], cid: CallId) -> list[Term]:
    """`formal == actual` for each integer argument of call `cid` (see bind_formals)."""
    return [build.eq(var(formal_name(param, cid), Sort.INT), term_of(kwargs[w] if isinstance(w, str) else args[w]))
            for w, param in formal_slots(fn, args, kwargs)]


def bind_formals(fn: Callable, args: tuple, kwargs: Mapping[str, Any], cid: CallId):
    """(args, kwargs, links) for expanding call `cid`: each integer argument is passed
    as a proxy over a formal variable of the call (`i#3`), bound to the actual value
    by a link the caller records (an assumption, never negated).  The callee's
    branches are then decided on its formals, so a path found for it at one call
    site is a path at any other once the formals are renamed (memoized expansions,
    LATEST section 4.3, "summarization at function boundaries")."""
    slots = formal_slots(fn, args, kwargs)
    if not slots:
        return args, kwargs, []
    args, kwargs = list(args), dict(kwargs)
    links = []
    for where, param in slots:
        actual = kwargs[where] if isinstance(where, str) else args[where]
        name = formal_name(param, cid)
        links.append(build.eq(var(name, Sort.INT), term_of(actual)))
        proxy = fresh(actual, name)
        if isinstance(where, str):
            kwargs[where] = proxy
        else:
            args[where] = proxy
    return tuple(args), kwargs, links


def return_kind(fn: Callable) -> InputKind | None:
    """The input kind of a function's return annotation, or None (not abstractable).

    A function annotated `-> None` is run for its effects, which an abstract value
    would drop: it is never abstracted (it runs inline), whatever kinds exist.
    Only scalar kinds (one solver variable: int, str, bool, float, bytes) are: the
    abstract result of a call must be one term, which concretization matches
    against the term of a real result.  A composite result (`-> tuple`, a list, a
    record) has no such term, so no real path could ever be stitched to an abstract
    one and every abstract path through the call was refuted (issue 12: a
    calculator whose parsing functions return `(value, position)` was declared
    explored with 6 of its 20 branch sides run)."""
    try:
        annotation = typing.get_type_hints(fn).get("return")
    except Exception:
        return None
    if annotation is None or annotation is type(None):
        return None
    kind = kind_for(annotation)
    return kind if type(kind) is InputKind else None


class LazyPolicy:
    name = "lazy"

    def __init__(self, abstractable: frozenset[str] | None, options: Any,
                 is_own_file: Callable[[str], bool], effects: Mapping[str, str] | None = None) -> None:
        self.abstractable = abstractable          # None: every own function
        # Functions that may write state (qualified name -> why), run inline, never
        # abstracted: an abstracted call does not happen, so its effects would be
        # missing from every abstract path after it.  Issue 12's calculator keeps its
        # position in `self.pos`; with `number` and `term` abstracted, the position
        # never moved on abstract paths, and 1,500 runs concretized 3 paths.  With
        # only the readers (`peek`) abstracted, the parser is explored over abstract
        # characters, the paper's shape (the lexer abstracted, section 5).
        self.effects = dict(effects or {})
        self.options = options
        self.rng = random.Random(options.seed + 1)
        self.control = ControlRecorder(is_own_file)
        self.stats: Any = None                    # the searcher's figures, for `report`
        self._kinds: dict[Callable, InputKind | None] = {}
        self.functions: dict[str, Callable] = {}   # the intercepted functions, by qualified name
        self._begin({}, EMPTY_PLAN)

    def intercepts(self, qualname: str, fn: Callable) -> bool:
        if self.abstractable is None or qualname in self.abstractable:
            self.functions[qualname] = fn
            return True
        return False

    def _begin(self, assignment: Mapping[str, Any], plan: Plan) -> None:
        self._values = assignment
        self._plan = plan
        self._ids: list[CallId] = []
        self._children: dict[CallId, int] = {}
        self._drawn: dict[str, Any] = {}
        self._abstracted = 0

    def begin_run(self, assignment: Mapping[str, Any], directive: Any) -> None:
        self._begin(assignment, directive if isinstance(directive, Plan) else EMPTY_PLAN)
        self.control.start()

    def _kind(self, fn: Callable) -> InputKind | None:
        if fn not in self._kinds:
            self._kinds[fn] = return_kind(fn)
        return self._kinds[fn]

    def on_call(self, call: Call) -> Any:
        frames = call.recorder.frames
        parent = self._ids[frames[-1]] if frames else ROOT
        ordinal = self._children.get(parent, 0)
        self._children[parent] = ordinal + 1
        cid = parent + (ordinal,)
        self._ids.append(cid)     # index == the CallRecord index proceed/skip is about to create
        symbolic = carries_symbolic(call.args) or carries_symbolic(call.kwargs)
        if not symbolic:
            return call.proceed("concrete")
        if self._plan.everything:
            # DART's run (EXPAND_ALL): the call runs inline, its arguments as they are.
            # Formals would add an assumption per call and a branch per check on them
            # (hwm: 65 branches where DART's path has 20), each a side DART's search
            # would try and the solver turn down.
            return call.proceed("inline")
        kind = self._kind(call.fn)
        if kind is None or call.qualname in self.effects:
            return call.proceed("inline")
        if self._plan.expands(cid):
            args, kwargs, links = bind_formals(call.fn, call.args, call.kwargs, cid)
            for link in links:
                call.recorder.assume(link, True)
            return call.proceed("expanded", args, kwargs)
        name = alpha_name(call.qualname, cid)
        self._abstracted += 1
        flag = raise_name(name)
        raises = self._values.get(flag) is True
        # The decision goes inside the call's span (after its start), so that the path
        # before the call is the same whether it is abstracted or expanded; it is still
        # the caller's (an abstracted call owns no branches).
        rec = call.recorder
        call.record = rec.enter_call(call.qualname, call.site, call.args, call.kwargs, "abstract")
        rec.branch(var(flag, Sort.BOOL), raises, site=call.site)
        if raises:
            error = AbstractRaise(name)
            rec.exit_call(call.record, raised=error)
            raise error
        value = self._values.get(name, self._drawn.get(name))
        if value is None or kind_of_value(value) is not kind:
            value = self._drawn[name] = kind.draw(self.rng, self.options)
        result = fresh(value, name)
        rec.exit_call(call.record, result)
        return result

    def end_run(self, recorder: Recorder) -> RunNotes:
        events = self.control.stop()
        trace = LazyTrace(tuple(self._ids), tuple(events), dict(self._drawn), self._plan)
        return RunNotes(abstract=self._abstracted > 0, info={"lazy": trace})

    # What `complete` promises: only real runs are tests, each abstract path was
    # concretized by one or refuted, and then the engine's fallback negated every
    # branch of the real runs (searcher.py, "The end").
    complete_means = ("every abstract path of the target was concretized or refuted, then every branch "
                      "of its real runs negated (DART's fallback)")

    # -- one exploration, several workers (engine/parallel.py, regions.py) --------
    def forked(self) -> None:
        """In a worker process: the searcher's figures from zero (the coordinator adds them)."""
        if self.stats is not None:
            vars(self.stats).update(vars(type(self.stats)()))

    def counts(self) -> dict | None:
        return self.stats.as_dict() if self.stats is not None else None

    def absorb(self, counts: dict | None) -> None:
        for name, n in (counts or {}).items():
            setattr(self.stats, name, getattr(self.stats, name) + n)

    def report(self) -> dict:
        if self.stats is None:
            return {}
        seen = set(self.functions)
        return {"latest": {**self.stats.as_dict(),
                           "not_abstracted": {q: why for q, why in sorted(self.effects.items()) if q in seen}}}
