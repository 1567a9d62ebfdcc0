"""SMART's call policy: at each call of a function of the target, reuse its summary
or explore it (SMART paper, Figure 2, the starred lines).

While the run is **recording** (backtracking is on, in the paper's words), a call
of a summarizable function f is decided by its calling context:

* **summarize** when the symbolic calling context (the path constraint so far,
  over the program's inputs) implies the disjunction of f's preconditions
  instantiated with the actual arguments.  The solver checks the implication
  (context ∧ ¬∨pre unsatisfiable) and the answer is cached per context.  f then
  runs concretely with its decisions off the path; its summary joins the path
  (outcome branches and domain) and its return value comes back as a term of the
  summary over the actual arguments;
* **explore** otherwise: f gets fresh proxies for its formal parameters
  (`f#k.param`), so its branches are decided over its formals and its path is a
  summary as it stands.  Each formal stands for the actual argument's term
  (`to_root`), which the searcher substitutes back when it solves, so the whole
  path constraint stays exact.  When the innermost explored call returns (or
  raises), the run's **region** ends: its path becomes a path summary of f, and
  everything after it is off the path (the paper stops the run there; here the
  run goes on concretely, so every run is a real execution and a test).

The searcher (`search/smart.py`) says through the directive which calls the
context stack is exploring (by ordinal and name), so they are explored whatever
their summary says, and tells the policy when a context is done (`context_done`),
after which that calling context counts as covered.

Functions that may write or read state (`calls/purity.py`) are not intercepted:
their branches stay on their caller's path.  A call with an argument that is not
an int, str, bool, None, class or instance of the target's classes is inlined,
and so is every later call of a function whose summary a run contradicted.
"""
from __future__ import annotations

import inspect
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable, Mapping, Sequence

from smartest.errors import AssumptionViolated
from smartest.calls.outcomes import outcome_of, symbolic_sort
from smartest.calls.protocol import Call, FrameBudget, RunNotes
from smartest.calls.purity import CodeTable
from smartest.strategies.smart.answer import SPLIT_WHY, Producers, post_agrees, record_outcome, record_path, too_large
from smartest.strategies.smart.report import imprecise, summary_text
from smartest.strategies.smart.store import SummaryStore
from smartest.strategies.smart.stretch import BOUNDED, COVERED, EXHAUSTED, INLINE, STRETCH, ResumeStretch
from smartest.strategies.smart.summary import FunctionSummary, extract, formal, outcome_class, with_term
from smartest.solver.protocol import Query, Solver, Status
from smartest.symbolic.inputs import fresh
from smartest.symbolic.realize import realize, term_of
from smartest.symbolic.inputs import prepare_inputs
from smartest.terms import Sort, Term, build
from smartest.terms.rewrite import substitute
from smartest.trace.path import Branch
from smartest.trace.recorder import Recorder

# The directive of the engine's fallback (search/fallback.py): a real run call for call,
# as DART's, so its path holds each callee's branches, not a summary (DART's negation
# cannot flip a summary's disjunction).
INLINE_ALL = "inline every call"
# Frames an intercepted call puts between its caller and the callee, by what the
# policy does (wrapper, on_call, _act, [_explore | _summarize, proceed_silently], proceed).
_FRAMES = {"silent": 4, "inline": 4, "explore": 5, "summary": 6}
_CONTAINERS = {"list", "tuple", "dict", "set", "frozenset"}
OBJECT_RESULT = ("it returns an object a summary cannot stand for (each such path would be an outcome "
                 "class of its own: no fewer runs than inlining, only later)")


@dataclass
class ExploredCall:
    """A call explored in this run: its formals and, once it ended, its outcome."""

    ordinal: int
    qualname: str
    key: tuple | None               # its calling context, as the cover cache knows it
    rename: dict[Term, Term]        # this call's formal variables -> canonical formals
    call: Call
    result: Any = None
    raised: BaseException | None = None
    incomplete: bool = False
    actuals: dict = field(default_factory=dict)   # this call's formal variables -> the caller's terms
    instance: tuple = ({}, {})   # canonical formals -> the caller's terms, and -> concrete values
    resumed: bool = False        # explored in the resume stretch (`SummaryPolicy._begin_tail`)

    @property
    def start(self) -> int:
        return self.call.record.start if self.call.record is not None else -1


@dataclass
class FunctionStats:
    explored: int = 0       # calls explored (each adds a path summary at most)
    summarized: int = 0     # calls answered by the summary
    bounded: int = 0        # ... of which past the bound b, without the implication (§3.5)
    split: int = 0          # ... of which answered by the path they ran (a large value term, answer.py)
    inlined: int = 0        # calls run with their branches on the caller's path
    contexts: int = 0       # calling contexts searched to the end
    mismatches: int = 0     # runs that contradicted the summary
    inlined_why: Counter = field(default_factory=Counter)   # reason -> inlined calls


class SummaryPolicy(ResumeStretch):
    name = "summary"

    def __init__(self, options, solver: Solver, target, table: CodeTable, store: SummaryStore,
                 max_paths: int = 0) -> None:
        self.solver = solver
        self.table = table
        self.store = store
        self.max_paths = max_paths
        self.own_modules = {f.module.__name__ for f in table.facts.values() if isinstance(f.module, ModuleType)}
        self.summaries: dict[str, FunctionSummary] = {}
        self.cover: dict[tuple, Any] = {}
        self.stats: dict[str, FunctionStats] = defaultdict(FunctionStats)
        self.mismatched: set[str] = set()
        # Functions a call of which returned an object outside the theory (a list, a
        # tuple): each such path is an outcome class of its own, so a summary pins the
        # callee's path and the caller's search runs through the product of both, as
        # DART does, only later.  They are inlined from then on (`SmartSearcher` runs
        # the input again with the call inlined).
        self.object_results: set[str] = set()
        self.used_stored: set[str] = set()
        self.domains: dict[Term, Term] = prepare_inputs(target.params, options)
        self.max_context_depth = 0   # the deepest context stack the searcher reached
        self._told: dict[str, int] = {}     # paths of each summary the coordinator knows of (a worker's)
        self._heard: set = set()            # path summaries another worker found
        self.resumes_taken = 0       # runs whose resume stretch stood for the paper's resume run (one run saved each)
        self.stretches_kept = 0      # ... that went on otherwise than I's: a path of the caller besides the resume run
        self.producers = Producers()
        self.begin_run({}, None)

    # -- the CallPolicy protocol ---------------------------------------------
    def intercepts(self, qualname: str, fn: Callable) -> bool:
        return self.table.summarizable(qualname)

    def begin_run(self, assignment: Mapping[str, Any], directive: Any) -> None:
        self.assignment = assignment
        self.inline_all = directive == INLINE_ALL
        chain = () if self.inline_all else tuple(directive or ())
        # The searcher marks the runs that may end their context (`STRETCH`); only
        # they record the resume stretch, which costs the decisions of the calls in it.
        self.stretch = bool(chain) and chain[-1] == STRETCH
        self.chain = chain[:-1] if self.stretch else chain
        self.chain_pos = 0
        self.ordinal = 0
        self.explored: list[ExploredCall] = []
        self.region: ExploredCall | None = None
        # The resume stretch (see `_begin_tail`): where it starts on the path and the
        # explored call whose end closes it, once one has.
        self.tail_from: int | None = None
        self.tail_region: ExploredCall | None = None
        self.tail_version = 0
        self.tail_cover: dict[tuple, Any] = {}
        self.to_root: dict[Term, Term] = {}
        self._root_cache: dict = {}
        self._prefix: list[Term] = []
        self._prefix_len = 0
        self._budget = FrameBudget(_FRAMES)
        self._active: Counter = Counter()   # functions with an explored call in progress
        if hasattr(self, "producers"):
            self.producers.begin_run()

    def on_call(self, call: Call) -> Any:
        base = self._budget.enter()
        try:
            return self._act(call)
        finally:
            self._budget.leave(base)

    def _frames(self, mode: str) -> None:
        self._budget.add(mode)

    def _act(self, call: Call) -> Any:
        rec = call.recorder
        if rec.suspended:  # inside a summarized call, or past the region
            self._frames("silent")
            return call.proceed("silent")
        k, q = self.ordinal, call.qualname
        self.ordinal += 1
        try:
            action, args = self._decide(call, k, q)
        except Exception as e:  # smartest's own failure must not become the target's exception
            rec.concretize(imprecise(q, f"no decision ({type(e).__name__}: {e}); inlined"), sys._getframe())
            action, args = "inline", ("no decision: " + type(e).__name__,)
        if action == "explore":
            return self._explore(call, *args)
        if action == "summarize":
            return self._summarize(call, *args)
        self.stats[q].inlined += 1
        self.stats[q].inlined_why[args[0] if args else "inlined"] += 1
        self._frames("inline")
        return call.proceed("inline")

    def _decide(self, call: Call, k: int, q: str) -> tuple[str, tuple]:
        """Explore, summarize or inline this call (and with what)."""
        if self.inline_all:
            return "inline", ("the engine's fallback: DART's negation, every call inlined",)
        bound = self._bind(call)
        if bound is not None:
            self.producers.passed({n: term_of(v) for n, v in bound.arguments.items() if symbolic_sort(v) is not None})
        if self.chain_pos < len(self.chain) and self.chain[self.chain_pos] == (k, q) and bound is not None:
            self.chain_pos += 1   # a call the context stack is exploring
            return "explore", (bound, k, None)
        if bound is None:
            return "inline", ("an argument a summary cannot take (not an int, str, bool, None or own object)",)
        if q in self.mismatched:
            return "inline", ("a run contradicted its summary",)
        if q in self.object_results or _annotated_object(call.fn):
            self.object_results.add(q)
            return "inline", (OBJECT_RESULT,)
        summary = self.summary(q)
        actuals, env = _instance_args(q, bound)
        # The calling context, by the decisions that lead to the call: the same decisions
        # mean the same inputs, while the terms may differ as summaries grow (an earlier
        # call's returned ite is rebuilt at each version of its summary).
        key = (q, k, tuple((b.site, b.taken) for b in self._resumed_path(call.recorder.path)))
        verdict = self._covered(q, summary, actuals, key, env, call.recorder)
        if verdict not in (None, INLINE):
            return "summarize", (q, summary, actuals, env, verdict)
        if verdict == INLINE or self._active[q]:
            # A recursive call not covered: its branches join the outer call's path,
            # so the recursion unrolls inside one path summary (bounded by b, §3.5).
            self._verdicts()[key] = INLINE
            return "inline", ("a recursive call whose context its summary does not cover",)
        return "explore", (bound, k, key)

    def end_run(self, recorder: Recorder) -> RunNotes:
        region = self.region
        if region is not None and self.tail_from is None and region.call.record is not None:
            record = region.call.record
            self._add_path(region, recorder.path[record.start:record.end], recorder.interrupted)
        info = {
            "explored": tuple((e.ordinal, e.qualname, e.start, e.key) for e in self.explored if not e.resumed),
            "region_end": (region.call.record.end if region is not None and region.call.record is not None
                           else len(recorder.path)),
            "to_root": self.to_root,
            "tails": self._tails(recorder),
        }
        if self.tail_from is not None:
            info["resume"] = self._tail_notes(recorder)
        return RunNotes(info=info)

    def _add_path(self, region: ExploredCall, stretch: Sequence[Branch], interrupted: BaseException | None) -> bool:
        """Add the path summary of an explored call that ended (`stretch`: the part of
        the path it decided); whether it ended in a way a summary records."""
        # A call the search interrupted (a `tryfirst`) did not end: its path is no path summary.
        if (region.call.record is None or region.raised is not None and region.raised is interrupted
                or not self._summarizable_end(region.raised)):
            return False
        outcome = outcome_of(region.result, region.raised)
        self.summary(region.qualname).add(extract(stretch, region.rename, outcome,
                                                  term_of(region.result) if outcome[0] == "value" else None,
                                                  region.incomplete))
        return True

    # -- shared with the searcher --------------------------------------------
    def summary(self, qualname: str) -> FunctionSummary:
        s = self.summaries.get(qualname)
        if s is None:
            s = self.summaries[qualname] = FunctionSummary(qualname)
            if self.store.enabled:
                for p in self.store.load(qualname, self.table.code_hash(qualname)):
                    s.add(p)
                s.stored = s.version
        return s

    def saturated(self, qualname: str) -> bool:
        """Has the function reached the bound b on explored paths (§3.5)?"""
        return self.max_paths > 0 and self.summary(qualname).version >= self.max_paths

    def context_done(self, key: tuple | None, qualname: str, bounded: bool) -> None:
        """The search of a calling context is over: from now on its summary stands for it."""
        self.stats[qualname].contexts += 1
        if key is not None:
            self.cover[key] = BOUNDED if bounded else EXHAUSTED

    def to_root_term(self, term: Term, to_root: Mapping[Term, Term], cache: dict) -> Term:
        return substitute(term, to_root, cache)

    def report(self) -> dict:
        functions = {}
        for q in sorted(set(self.summaries) | set(self.stats)):
            s, st = self.summaries.get(q), self.stats[q]
            functions[q] = {
                "paths": s.version if s else 0, "stored": s.stored if s else 0,
                "incomplete_paths": sum(not p.complete for p in s.paths) if s else 0,
                "explored_calls": st.explored, "summarized_calls": st.summarized, "bounded_calls": st.bounded,
                "split_calls": st.split,
                "inlined_calls": st.inlined,
                "contexts": st.contexts, "mismatches": st.mismatches,
                "inlined_why": dict(st.inlined_why),
            }
        return {"smart": {
            "functions": functions,
            "summaries": sum(f["paths"] for f in functions.values()),
            "summaries_reused": len(self.used_stored),
            "stored_paths_reused": sum(self.summaries[q].stored for q in self.used_stored),
            "invalidated": sorted(self.store.invalidated),
            "store_notes": list(self.store.notes),
            "store": self.store.path,
            "max_paths_per_function": self.max_paths,
            "max_context_depth": self.max_context_depth,
            "resumes_taken": self.resumes_taken,
            "stretches_kept": self.stretches_kept,
            "split_why": SPLIT_WHY,
            "not_summarized": dict(sorted(self.table.reason.items())),
        }}

    def summary_lines(self) -> list[str]:
        """The text report's line about summaries."""
        return summary_text(self.report()["smart"])

    def finish(self) -> None:
        """Save the summaries that grew (the exploration is over)."""
        for q, s in self.summaries.items():
            if s.version > s.stored:
                self.store.save(q, self.table.code_hash(q), s.paths)
        self.store.close()

    # -- one exploration, several workers (engine/parallel.py, regions.py) --
    def forked(self) -> None:
        """In a worker process: a store connection of its own (SQLite's may not cross a
        fork; the inherited one is kept, never used), counts from zero (the
        coordinator keeps its own and adds the workers'), and every summary it was
        forked with counted as known to the coordinator."""
        self._inherited = self.store
        self.store = SummaryStore(self.store.path)
        self.stats = defaultdict(FunctionStats)
        self._told = {q: s.version for q, s in self.summaries.items()}

    def news(self) -> dict[str, list] | None:
        """The path summaries this worker found since it last told (none it heard)."""
        out = {}
        for q, s in self.summaries.items():
            told = self._told.get(q, 0)
            if s.version > told:
                mine = [p for p in s.paths[told:] if (q, p.pre, p.outcome, p.post) not in self._heard]
                if mine:
                    out[q] = mine
                self._told[q] = s.version
        return out or None

    def known(self) -> dict[str, list] | None:
        """Every path summary this policy holds (for a worker that starts without them)."""
        return {q: list(s.paths) for q, s in self.summaries.items() if s.paths} or None

    def learn(self, news: dict[str, list]) -> dict[str, list]:
        """Path summaries another worker found: each holds everywhere (it is a path of
        the function over its formals), so it may cover a call here.  Returns those
        that were new."""
        fresh = {}
        for q, paths in news.items():
            s = self.summary(q)
            for p in paths:
                self._heard.add((q, p.pre, p.outcome, p.post))
            new = [p for p in paths if s.add(p)]
            if new:
                fresh[q] = new
        return fresh

    def forget_regional(self) -> None:
        """Another region begins: a calling context searched to its end (or to the bound)
        in the last one is not known covered in this one; an implication holds anywhere."""
        self.cover = {k: v for k, v in self.cover.items() if v not in (EXHAUSTED, BOUNDED)}

    def counts(self) -> dict:
        """This worker's counts per function (the coordinator adds them to its report)."""
        return {q: dict(vars(st)) for q, st in self.stats.items()}

    def absorb(self, counts: dict | None) -> None:
        for q, c in (counts or {}).items():
            st = self.stats[q]
            for name, n in c.items():
                if name == "inlined_why":
                    st.inlined_why.update(n)
                else:
                    setattr(st, name, getattr(st, name) + n)

    # -- deciding ----------------------------------------------------------
    def _bind(self, call: Call) -> inspect.BoundArguments | None:
        bound = call.bind()
        if bound is None:
            return None
        for value in bound.arguments.values():
            if symbolic_sort(value) is None and not self._opaque_ok(value):
                return None
        return bound

    def _opaque_ok(self, value: Any) -> bool:
        """Arguments a summary may ignore: None, classes, instances of the target's
        classes (whose state the purity check keeps summarized functions from reading)."""
        if value is None:
            return True
        if isinstance(value, type):
            return value.__module__ in self.own_modules
        return type(value).__module__ in self.own_modules

    def _covered(self, q: str, summary: FunctionSummary, actuals: dict, key: tuple, env: dict,
                 rec: Recorder) -> str | None:
        """COVERED/EXHAUSTED/BOUNDED: summarize the call; None: explore it."""
        known = self._verdicts().get(key, self.cover.get(key))
        if known in (COVERED, EXHAUSTED, BOUNDED, INLINE):
            return known
        verdict = None
        if summary.paths and known != summary.version:
            verdict = self._implied(summary, actuals, key, env, rec)
        if verdict is None and summary.paths and self.saturated(q):
            return BOUNDED
        return verdict

    def _implied(self, summary: FunctionSummary, actuals: dict, key: tuple, env: dict, rec: Recorder) -> str | None:
        """Does the calling context imply the disjunction of the preconditions?"""
        if summary.match(env) is None:
            # The concrete arguments satisfy no precondition, and they satisfy the context.
            self._verdicts()[key] = summary.version
            return None
        domain = self._root(summary.instance(actuals).domain)
        if domain.op == "const" and domain.value:
            self._verdicts()[key] = COVERED
            return COVERED
        constraints = (*self._context(rec), build.not_(domain))
        hints = {v: self.assignment[v.value] for c in constraints for v in c.free if v.value in self.assignment}
        try:
            answer = self.solver.check(Query(constraints, self.domains, hints))
        except Exception:  # the solver's failure must not become the target's exception
            return None
        if answer.status is Status.UNSAT:
            self._verdicts()[key] = COVERED
            return COVERED
        self._verdicts()[key] = summary.version
        return None

    # -- acting ------------------------------------------------------------
    def _explore(self, call: Call, bound: inspect.BoundArguments, k: int, key: tuple | None) -> Any:
        q = call.qualname
        rename: dict[Term, Term] = {}
        actuals: dict[Term, Term] = {}
        instance = _instance_args(q, bound)
        for name, value in list(bound.arguments.items()):
            sort = symbolic_sort(value)
            if sort is None:
                continue
            proxy = fresh(value, f"{q}#{k}.{name}")
            t = term_of(proxy)
            if t is None or t.op != "var":
                continue
            self.to_root[t] = self._root(term_of(value))
            actuals[t] = term_of(value)
            rename[t] = formal(q, name, sort)
            bound.arguments[name] = proxy
        entry = ExploredCall(k, q, key, rename, call, actuals=actuals, instance=instance,
                             resumed=self.tail_from is not None)
        self.explored.append(entry)
        if not entry.resumed:   # one in a resume stretch counts if the stretch is taken (`stretch_taken`)
            self.stats[q].explored += 1
        self._frames("explore")
        self._active[q] += 1
        try:
            result = call.proceed("explore", bound.args, bound.kwargs)
        except BaseException as e:
            if not self._decided_nothing(entry, None, e):
                self._end_region(entry, None, e)
            raise
        finally:
            self._active[q] -= 1
        if result is not None and symbolic_sort(result) is None:
            self.object_results.add(q)
        elif self._decided_nothing(entry, result, None):
            t = term_of(result)
            if t is not None and not t.free.isdisjoint(actuals):
                # The caller gets the value over its own terms, as from a summary, so an
                # enclosing call's path summary stays over that call's formals.
                result = with_term(realize(result), substitute(t, actuals))
        else:
            result = self._end_region(entry, result, None)
        return result

    def _decided_nothing(self, entry: ExploredCall, result: Any, raised: BaseException | None) -> bool:
        """A call that decided nothing has one path, whose precondition is true: its
        summary covers every calling context at once.  It becomes that summary now, no
        context is opened for it, and the run goes on recording (no region ends), so no
        run is spent resuming the caller."""
        rec, record = entry.call.recorder, entry.call.record
        if (self.tail_region is not None or self.region is not None and self.tail_from is None
                or record is None or record.end != record.start or rec.suspended
                or rec.truncated or raised is not None and (raised is rec.interrupted
                                                            or not self._summarizable_end(raised))):
            return False
        outcome = outcome_of(result, raised)
        returned = term_of(result) if outcome[0] == "value" else None
        self.summary(entry.qualname).add(extract((), entry.rename, outcome, returned, bool(rec.concretizations)))
        self.explored.remove(entry)
        return True

    def _end_region(self, entry: ExploredCall, result: Any, raised: BaseException | None) -> Any:
        """The innermost explored call ended: its region ends here and the resume
        stretch begins (`_begin_tail`); the next explored call to end closes that.
        The value the caller gets."""
        if self.region is not None:
            self._log_end(entry, result, raised)
            if self.tail_from is None or self.tail_region is not None:
                return result
        rec = entry.call.recorder
        entry.result, entry.raised = result, raised
        # Any concretization so far counts: the recorder notes a (site, reason) once per
        # run, so one inside this call may have been noted before it started.
        entry.incomplete = bool(rec.concretizations) or rec.truncated
        if self.region is None:
            self.region = entry
            return self._begin_tail(entry, result, raised)
        self.tail_region = entry
        rec.suspended += 1  # the rest of the run is off the path
        return result

    def _summarize(self, call: Call, q: str, summary: FunctionSummary, actuals: dict, env: dict,
                   verdict: str) -> Any:
        rec = call.recorder
        self.stats[q].summarized += 1
        self.stats[q].bounded += verdict == BOUNDED
        if summary.stored:
            self.used_stored.add(q)
        if verdict == BOUNDED:
            rec.concretize(imprecise(q, f"summary bounded at {self.max_paths} paths (--max-paths-per-function)"),
                           sys._getframe())
        raised: BaseException | None = None
        result = None
        self._frames("summary")
        try:
            result = call.proceed_silently("summary")
        except (Exception, AssumptionViolated) as e:
            raised = e
        try:
            result = self._answer(rec, q, summary, actuals, env, verdict, result, raised)
        except Exception as e:  # never the target's exception
            rec.concretize(imprecise(q, f"summary not applied ({type(e).__name__}: {e})"), sys._getframe())
        if raised is not None:
            raise raised
        return result

    def _answer(self, rec: Recorder, q: str, summary: FunctionSummary, actuals: dict, env: dict, verdict: str,
                result: Any, raised: BaseException | None) -> Any:
        """Put the summarized call on the caller's path; the value the caller gets."""
        inst = summary.instance(actuals)
        outcome = outcome_of(result, raised)
        found = summary.match(env)
        w = found[1] if found is not None else None
        if w is None or w.outcome != outcome or not post_agrees(w.post, env, result):
            # The run is not the summary's.  Keep the concrete result.  Past the bound b
            # that is expected; otherwise f is not a function of its formals (or its
            # summary left something out): inline it from now on.
            self.stats[q].mismatches += 1
            if verdict == BOUNDED:
                rec.concretize(imprecise(q, "the call took a path beyond its bounded summary"), sys._getframe())
            else:
                self.mismatched.add(q)
                rec.concretize(imprecise(q, "a run contradicted its summary (inlined from now on)"), sys._getframe())
        else:
            if inst.incomplete:
                rec.concretize(imprecise(q, "summary left conditions out"), sys._getframe())
            record_outcome(rec, inst, outcome_class(*found))
            if outcome[0] == "value":
                value = inst.values[outcome]
                if outcome[1] == Sort.INT.value and q in self.producers.composed:
                    # Its term would make every later index symbolic (answer.py).
                    value = record_path(rec, summary, found[0], actuals, env)
                    self.stats[q].split += 1
                elif outcome[1] == Sort.INT.value and too_large(value):
                    self.producers.returned(q, value)
                result = with_term(realize(result), value)
        return result

    # -- terms -------------------------------------------------------------
    def _root(self, term: Term) -> Term:
        return substitute(term, self.to_root, self._root_cache)

    def _context(self, rec: Recorder) -> tuple[Term, ...]:
        """The path constraint so far, over the program's inputs."""
        path = rec.path
        while self._prefix_len < len(path):
            c = self._root(path[self._prefix_len].constraint)
            self._prefix_len += 1
            if c.op != "const":
                self._prefix.append(c)
        return tuple(self._prefix)

    @staticmethod
    def _summarizable_end(raised: BaseException | None) -> bool:
        return raised is None or isinstance(raised, (Exception, AssumptionViolated))


def _instance_args(q: str, bound: inspect.BoundArguments) -> tuple[dict, dict]:
    """What a summary of q is instantiated with at this call: each canonical formal's
    term in the caller, and its concrete value."""
    actuals, env = {}, {}
    for name, value in bound.arguments.items():
        sort = symbolic_sort(value)
        if sort is not None:
            f = formal(q, name, sort)
            actuals[f] = term_of(value)
            env[f] = realize(value)
    return actuals, env


def _annotated_object(fn: Callable) -> bool:
    """Is the function annotated to return a container (`-> list`, `-> tuple[int, int]`)?
    Then it is inlined from its first call, before a context is opened for it."""
    ann = getattr(fn, "__annotations__", {}).get("return")
    if ann is None:
        return False
    name = ann if isinstance(ann, str) else getattr(ann, "__name__", None) or str(ann)
    return name.split("[", 1)[0].strip().rsplit(".", 1)[-1].lower() in _CONTAINERS
