"""The call policy of SMART in DART's order (`dart_order.py`): every call runs, its
branches on the path, as DART's do; the outermost call of a summarizable function
is an **activation**, seen through variables of its own.

Why variables: the search must be able to ask a side past a call in two ways, as
DART asks it (the run's own path through the callee: DART's query, so DART's
models) and as SMART asks it (any path of the callee's summary: §3.2).  Both are
substitutions of one recorded path:

* each formal parameter gets a fresh variable `f#k.x` standing for the actual
  argument, so the callee's branches are over its formals and its stretch of the
  path is a path summary as it stands (§3.1);
* a value the call returns gets a fresh variable `f#k.ret`, so the caller's later
  branches mention the call's result, not how this run computed it.  DART's query
  puts back the term the run computed; SMART's puts the summary's returned term
  (an ite over its paths) with the disjunction of its preconditions.

Calls inside an activation are inlined (one level of summaries, the target's
callees): their branches belong to the activation's path summary.  A call whose
arguments a summary cannot take is inlined; a function that returned an object
outside the theory (a list, a tuple) is inlined from then on, since its result
cannot stand for the paths that made it (the old order's rule, policy.py).
"""
from __future__ import annotations

import inspect
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any, Callable, Mapping

from smartest.calls.outcomes import Outcome, outcome_of, symbolic_sort
from smartest.calls.protocol import Call, FrameBudget, RunNotes
from smartest.calls.purity import CodeTable
from smartest.strategies.smart.summary import FunctionSummary, extract, formal
from smartest.symbolic.inputs import fresh
from smartest.symbolic.realize import realize, term_of
from smartest.terms import Term
from smartest.terms import build as make
from smartest.terms.rewrite import substitute
from smartest.trace.recorder import Recorder

# Frames interception puts between a caller and its callee (calls/protocol.FrameBudget):
# the wrapper, `on_call`, [`_activate`,] `Call.proceed`.
_FRAMES = {"inline": 3, "activate": 4}


@dataclass
class Activation:
    """One outermost call of a summarizable function in one run."""

    ordinal: int
    qualname: str
    start: int                          # its stretch of the path: path[start:end]
    end: int = -1
    observed: int = 0                   # its conditions, implied ones too: Recorder.observed[observed:observed_end]
    observed_end: int = -1
    rename: dict = field(default_factory=dict)    # this call's formal variables -> canonical formals
    actuals: dict = field(default_factory=dict)   # this call's formal variables -> the caller's terms
    fixed: dict = field(default_factory=dict)     # canonical formals of concrete arguments -> their values
    ret: Term | None = None             # the variable the caller got for the returned value
    returned: Term | None = None        # ... and the term this run computed for it
    outcome: Outcome = ("none",)
    summarized: bool = False            # its path went into its function's summary

    def covers(self, j: int) -> bool:
        return self.start <= j < self.end


@dataclass
class Counts:
    activations: int = 0
    disjunctions: int = 0     # queries in which its summary stood for one of its calls
    inlined: int = 0
    inlined_why: Counter = field(default_factory=Counter)


class ActivationPolicy:
    name = "summary (DART's order)"

    def __init__(self, table: CodeTable) -> None:
        self.table = table
        self.own_modules = {f.module.__name__ for f in table.facts.values() if isinstance(f.module, ModuleType)}
        self.summaries: dict[str, FunctionSummary] = _Summaries()
        self.object_results: set[str] = set()
        self.stats: dict[str, Counts] = defaultdict(Counts)
        self.begin_run({}, None)

    def summary(self, qualname: str) -> FunctionSummary:
        return self.summaries[qualname]

    # -- the CallPolicy protocol ---------------------------------------------
    def intercepts(self, qualname: str, fn: Callable) -> bool:
        return self.table.summarizable(qualname)

    def begin_run(self, assignment: Mapping[str, Any], directive: Any) -> None:
        self.activations: list[Activation] = []
        self._root: dict[Term, Term] = {}      # this run's variables -> their terms over the inputs
        self._root_cache: dict = {}
        self.active = 0
        self.ordinal = 0
        self._budget = FrameBudget(_FRAMES)

    def on_call(self, call: Call) -> Any:
        base = self._budget.enter()
        try:
            why = self._inline_why(call)
            if why is None:
                return self._activate(call)
            if why:
                self.stats[call.qualname].inlined += 1
                self.stats[call.qualname].inlined_why[why] += 1
            self._budget.add("inline")
            return call.proceed("inline")
        finally:
            self._budget.leave(base)

    def end_run(self, recorder: Recorder) -> RunNotes:
        for a in self.activations:
            if a.end < 0:     # still active when the run ended (a timeout, an interrupt)
                a.end, a.observed_end = len(recorder.path), len(recorder.observed)
        # Every condition the run decided, implied ones too: the skeletons are read off
        # these, since which conditions go on the path depends on what came before.
        first = self.activations[0].start if self.activations else len(recorder.path)
        decided = (*recorder.path[:first], *(recorder.observed or ()))
        return RunNotes(info={"activations": tuple(self.activations), "to_root": self.pinned(),
                              "decided": decided, "offset": first})

    # -- deciding ----------------------------------------------------------
    def _inline_why(self, call: Call) -> str | None:
        """None: an activation; otherwise why the call is inlined ("" inside one)."""
        if self.active or call.recorder.suspended:
            return ""
        q = call.qualname
        if q in self.object_results:
            return "it returned an object a summary cannot stand for"
        bound = call.bind()
        if bound is None or not all(symbolic_sort(v) is not None or self._opaque_ok(v)
                                    for v in bound.arguments.values()):
            return "an argument a summary cannot take (not an int, str, bool, None or own object)"
        return None

    def _opaque_ok(self, value: Any) -> bool:
        """Arguments a summary may ignore: None, the target's classes and their instances."""
        if value is None:
            return True
        if isinstance(value, type):
            return value.__module__ in self.own_modules
        return type(value).__module__ in self.own_modules

    def _activate(self, call: Call) -> Any:
        q, k = call.qualname, self.ordinal
        self.ordinal += 1
        bound = call.bind()
        rec = call.recorder
        if rec.observed is None:
            rec.observed, rec.canon = [], self._canon
        act = Activation(k, q, len(rec.path), observed=len(rec.observed))
        for name, value in list(bound.arguments.items()):
            sort = symbolic_sort(value)
            if sort is None:
                continue
            actual = term_of(value)
            if actual is None or actual.op == "const":
                # A concrete argument stays concrete, as in DART's run (a variable for it
                # would make its every use a branch DART does not have); the path summary
                # holds for that value (`_ended`).
                act.fixed[formal(q, name, sort)] = realize(value)
                continue
            proxy = fresh(value, f"{q}#{k}.{name}")
            t = term_of(proxy)
            if t is None or t.op != "var":
                continue
            act.actuals[t] = actual
            act.rename[t] = formal(q, name, sort)
            self._root[t] = self._canon(actual)
            bound.arguments[name] = proxy
        self.activations.append(act)
        self.stats[q].activations += 1
        concretized = len(rec.concretizations)
        self._budget.add("activate")
        self.active += 1
        try:
            result = call.proceed("explore", bound.args, bound.kwargs)
        except BaseException as e:
            self._ended(act, rec, None, e, concretized)
            raise
        finally:
            self.active -= 1
        return self._ended(act, rec, result, None, concretized)

    def _ended(self, act: Activation, rec: Recorder, result: Any, raised: BaseException | None,
               concretized: int) -> Any:
        """Close the activation: its path summary, and what the caller gets back."""
        act.end, act.observed_end = len(rec.path), len(rec.observed)
        act.outcome = outcome_of(result, raised)
        if raised is not None and not isinstance(raised, Exception):
            return result     # an interrupt, a timeout: no path of the function
        if act.outcome[0] == "object":
            self.object_results.add(act.qualname)
            return result
        returned = term_of(result) if act.outcome[0] == "value" else None
        incomplete = len(rec.concretizations) > concretized or rec.truncated
        path = extract(rec.observed[act.observed:], act.rename, act.outcome, returned, incomplete)
        pinned = tuple(make.eq(f, make.const(v)) for f, v in act.fixed.items())
        path = replace(path, pre=(*pinned, *path.pre))
        if path.outcome != act.outcome:
            return result     # its returned term is over more than its formals: no summary stands for it
        self.summary(act.qualname).add(path)
        act.summarized = True
        if returned is not None:
            proxy = fresh(result, f"{act.qualname}#{act.ordinal}.ret")
            t = term_of(proxy)
            if t is not None and t.op == "var":
                act.ret, act.returned = t, returned
                self._root[t] = self._canon(returned)
                return proxy
        return result

    # -- what the variables stand for --------------------------------------
    def _canon(self, term: Term) -> Term:
        """`term` over the inputs (the recorder's key for a decided condition)."""
        return substitute(term, self._root, self._root_cache)

    def pinned(self) -> dict[Term, Term]:
        """Every variable of this run's activations over the inputs, as the run computed
        it: DART's path constraint is the recorded one under this substitution."""
        return pinned_map(self.activations)

    def report(self) -> dict:
        functions = {}
        for q in sorted(set(self.summaries) | set(self.stats)):
            s, st = self.summaries.get(q), self.stats[q]
            functions[q] = {"paths": s.version if s else 0, "explored_calls": st.activations,
                            "summarized_calls": st.disjunctions, "inlined_calls": st.inlined,
                            "inlined_why": dict(st.inlined_why),
                            "incomplete_paths": sum(not p.complete for p in s.paths) if s else 0}
        return {"smart": {"order": "dart", "functions": functions,
                          "summaries": sum(f["paths"] for f in functions.values()),
                          "not_summarized": dict(sorted(self.table.reason.items()))}}

    def summary_lines(self) -> list[str]:
        """The text report: per function, its calls run on the path, its summary's use in
        queries, and the calls inlined with why."""
        smart = self.report()["smart"]
        fns = smart["functions"]
        out = [f"summaries (DART's order): {smart['summaries']} path summaries of "
               f"{sum(1 for f in fns.values() if f['paths'])} functions"]
        for q, f in fns.items():
            parts = []
            if f["explored_calls"]:
                parts.append(f"{f['explored_calls']} calls run on the path, as DART runs them "
                             f"({f['paths']} path summaries)")
            if f["summarized_calls"]:
                parts.append(f"its summary stood for a call in {f['summarized_calls']} queries (a side past "
                             f"the call that the run's own path through it could not reach)")
            if f["inlined_calls"]:
                why = "; ".join(f"{n}: {reason}" for reason, n in f["inlined_why"].items())
                parts.append(f"{f['inlined_calls']} inlined ({why})")
            out.append(f"  {q}: " + ("; ".join(parts) or "never called symbolically"))
        for q, why in smart["not_summarized"].items():
            out.append(f"  {q}: inlined, never summarized ({why})")
        return out


class _Summaries(dict):
    """Each function's summary, empty until one of its calls ends."""

    def __missing__(self, qualname: str) -> FunctionSummary:
        s = self[qualname] = FunctionSummary(qualname)
        return s


def pinned_map(activations) -> dict[Term, Term]:
    """Formal and result variables -> the terms over the inputs this run computed."""
    out: dict[Term, Term] = {}
    cache: dict = {}

    def root(t: Term) -> Term:
        return substitute(t, out, cache)

    for a in activations:
        for v, t in a.actuals.items():
            out[v] = root(t)
        if a.ret is not None:
            out[a.ret] = root(a.returned)
    return out
