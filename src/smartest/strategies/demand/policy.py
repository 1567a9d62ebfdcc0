"""The demand-driven strategy's call policy: every call of a function that may have a
tree of its own runs over fresh formal parameters, and at the end of the run each
function's *local path* joins its intraprocedural tree (TACAS'08 Algorithm 1,
"Execute ... update trees").

At a call of a summarizable function (`calls/purity.py`) whose arguments are all
ints, strs, bools or None, the callee gets proxies over run-local formals
(`f#k.param`) and the caller gets back a proxy over a run-local return variable
(`demand:r#k`): the paper's "the result of the call is a fresh symbolic input of the
caller", g(a).  So every branch a function decides is over its own vocabulary,
and `Branch.frame` says whose it is.  Other calls are inlined (their branches are
their caller's), and so are calls of functions that read or write state.

At the end of the run (`end_run`), the recorder's path and call records are cut
into local paths, callees first; each term is renamed into its tree's vocabulary
(formals to canonical formals, return variables to the call node's variable, a
deeper call's formal to the actual it stood for) and the path walks its tree
(`trace/function_trees.Cursor`).  A term outside the function's vocabulary, or a
local path that contradicts its tree, is imprecision: noted as a concretization
(so `complete` is never claimed) and over-approximated by a fresh condition.

The searcher's directive names the side the run was solved for and how (lazy or
relevant).  A lazy run must reach it and a relevant run must run some side nobody
had run (the paper's progress theorem); otherwise the run diverged, which is noted
the same way, since a searcher cannot clear `complete` by itself.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from collections.abc import Mapping
from typing import Any, Callable

from smartest.errors import AssumptionViolated
from smartest.calls.protocol import Call, FrameBudget, RunNotes
from smartest.calls.purity import CodeTable
from smartest.calls.outcomes import outcome_of, symbolic_sort
from smartest.strategies.demand.portable import LocalPath, SiteIndex, own_modules_of, walk
from smartest.strategies.demand.trees import ENTRY, OTHER, Cursor, Forest, FunctionKey, formal_var, via_var
from smartest.symbolic.inputs import fresh
from smartest.symbolic.realize import term_of
from smartest.terms import Sort, Term, var
from smartest.terms.rewrite import substitute
from smartest.trace.recorder import Recorder
from smartest.trace.tree import SideStatus

# Frames interception puts between a caller and its callee (wrapper, on_call, _act,
# [_explore,] proceed): the recursion limit is raised by as many, so the target's
# recursion gets the budget it has when it runs plainly.
_FRAMES = {"inline": 4, "explore": 5}


@dataclass(eq=False)
class Explored:
    """One call of this run that runs over fresh formals."""

    key: FunctionKey
    actuals: tuple                  # the caller's term of each symbolic argument, in order
    formals: dict                   # run-local formal variable -> canonical formal
    result: Any = None
    raised: BaseException | None = None
    ret: Term | None = None         # the run-local variable the caller got back
    cls: tuple | None = None        # its outcome class (objects: with the callee's leaf)
    record: Any = None


@dataclass
class DemandStats:
    """Counters shared by the policy and the searcher, for the report."""

    lazy: int = 0                   # targets solved by lazy exploration
    relevant: int = 0               # relevant explorations run
    reached: int = 0                # targets a run covered
    unreachable: int = 0            # targets proved unreachable (Ψ unsatisfiable)
    unknown: int = 0
    diverged: int = 0
    imprecise: int = 0              # terms outside a function's vocabulary
    cuts: int = 0                   # instances or contexts cut (recursion, size)
    largest: int = 0                # nodes folded for the largest Ψ
    inlined: dict = field(default_factory=dict)


class DemandPolicy:
    name = "demand"
    # What `complete` promises: the trees are per function, a side counts as run once
    # any context ran it (the paper's closed dangling nodes), so a finished search has
    # run each function's feasible local paths, not every combination of them (a
    # recursion of unbounded depth can end complete in a few runs).
    complete_means = ("every feasible path of each function was run in some calling context "
                      "(demand-driven: not every combination of them)")

    def __init__(self, table: CodeTable, forest: Forest, stats: DemandStats, entry_name: str,
                 aim: str | None = None) -> None:
        self.table = table
        self.forest = forest
        self.stats = stats
        self.entry_name = entry_name
        self.aim = aim
        self._outbox: list | None = None    # a worker's local paths not yet sent (engine/parallel.py)
        self._learned: list = []            # every local path heard or sent, for a worker that starts late
        self._sites: SiteIndex | None = None
        self.begin_run({}, None)

    # -- the CallPolicy protocol ---------------------------------------------
    def intercepts(self, qualname: str, fn: Callable) -> bool:
        return self.table.summarizable(qualname)

    def begin_run(self, assignment: Mapping[str, Any], directive: Any) -> None:
        self.assignment = assignment
        self.directive = directive
        self.ordinal = 0
        self.explored: dict[int, Explored] = {}       # by call record index
        self.formal_info: dict[Term, tuple[Explored, Term]] = {}
        self.ret_info: dict[Term, Explored] = {}
        self._local: dict[Term, Term] = {}             # run-local variable -> its term, in creation order
        self._budget = FrameBudget(_FRAMES)

    def on_call(self, call: Call) -> Any:
        base = self._budget.enter()
        try:
            return self._act(call)
        finally:
            self._budget.leave(base)

    def _frames(self, mode: str) -> None:
        self._budget.add(mode)

    def _act(self, call: Call) -> Any:
        bound = None if call.recorder.suspended else self._bind(call)
        if bound is None:
            self.stats.inlined[call.qualname] = self.stats.inlined.get(call.qualname, 0) + 1
            self._frames("inline")
            return call.proceed("inline")
        return self._explore(call, bound)

    def _bind(self, call: Call) -> inspect.BoundArguments | None:
        """The call's arguments by parameter, if every one is an int, str, bool or None."""
        bound = call.bind()
        if bound is None:
            return None
        if any(v is not None and symbolic_sort(v) is None for v in bound.arguments.values()):
            return None
        return bound

    def _explore(self, call: Call, bound: inspect.BoundArguments) -> Any:
        q, n = call.qualname, self.ordinal
        self.ordinal += 1
        kinds, actuals, locals_ = [], [], []
        for name, value in list(bound.arguments.items()):
            sort = symbolic_sort(value)
            if sort is None:
                kinds.append((name, "none"))
                continue
            proxy = fresh(value, f"{q}#{n}.{name}")
            kinds.append((name, sort.value))
            actuals.append(term_of(value))
            locals_.append((term_of(proxy), name, sort))
            bound.arguments[name] = proxy
        key = FunctionKey(q, tuple(kinds))
        entry = Explored(key, tuple(actuals), {t: formal_var(key, name, sort) for t, name, sort in locals_})
        for (t, _, _), actual in zip(locals_, entry.actuals):
            self.formal_info[t] = (entry, actual)
            self._local[t] = actual
        self._frames("explore")
        try:
            result = call.proceed("explore", bound.args, bound.kwargs)
        except BaseException as e:
            entry.raised = e
            self._note(call, entry)
            raise
        entry.result = result
        self._note(call, entry)
        if symbolic_sort(result) is None:
            return result
        proxy = fresh(result, f"demand:r#{n}")
        entry.ret = term_of(proxy)
        if entry.ret is not None and entry.ret.op == "var":
            self.ret_info[entry.ret] = entry
            returned = term_of(result)
            self._local[entry.ret] = returned if returned is not None else entry.ret
        return proxy

    def _note(self, call: Call, entry: Explored) -> None:
        entry.record = call.record
        if call.record is not None:
            self.explored[call.record.index] = entry

    def summary_lines(self) -> list[str]:
        """The text report's line about the per-function trees."""
        demand = self.report()["demand"]
        n = sum(1 for f in demand["functions"].values() if f["paths"])
        aim = f", aimed at {demand['target']}" if demand["target"] else ""
        return [f"demand: {demand['paths']} intraprocedural paths in {n} function{'s' * (n != 1)}; "
                f"{demand['lazy_runs']} lazy and {demand['relevant_runs']} relevant runs, "
                f"{demand['unreachable']} sides proved unreachable{aim}"]

    def report(self) -> dict:
        functions = {}
        for key, tree in self.forest.trees.items():
            sides = {status: 0 for status in SideStatus}
            nodes = calls = 0
            for n in tree.nodes():
                if n.kind == "leaf":
                    continue
                nodes += 1
                calls += n.kind == "call"
                for status in n.status.values():
                    sides[status] += 1
            name = self.entry_name if key.qualname is None else str(key)
            functions[name] = {"paths": tree.paths, "nodes": nodes, "calls": calls,
                               "dangling": sides[SideStatus.DANGLING] + sides[SideStatus.PENDING],
                               "infeasible": sides[SideStatus.INFEASIBLE], "unknown": sides[SideStatus.UNKNOWN],
                               "diverged": sides[SideStatus.DIVERGED]}
        st = self.stats
        return {"demand": {
            "functions": functions,
            "paths": sum(f["paths"] for f in functions.values()),
            "target": self.aim,
            "lazy_runs": st.lazy, "relevant_runs": st.relevant, "reached": st.reached,
            "unreachable": st.unreachable, "unknown": st.unknown, "diverged": st.diverged,
            "mismatches": self.forest.mismatches, "imprecise": st.imprecise, "cuts": st.cuts,
            "largest_formula": st.largest,
            "inlined_calls": dict(sorted(st.inlined.items())),
            "not_intercepted": dict(sorted(self.table.reason.items())),
        }}

    # -- one exploration, several workers (engine/parallel.py) -------------------
    def forked(self) -> None:
        """In a worker process: counts from zero (the coordinator adds the workers'), and
        the local paths its runs add are kept to be sent (strategies/demand/portable.py)."""
        vars(self.stats).update(vars(DemandStats()))
        self._outbox = []

    def news(self) -> list | None:
        """The local paths this worker's runs added to its trees since it last told."""
        out, self._outbox = self._outbox, [] if self._outbox is not None else None
        return out or None

    def known(self) -> list | None:
        """Every local path this policy heard, for a worker that starts without them."""
        return list(self._learned) or None

    def learn(self, paths: list) -> list:
        """Local paths another worker ran: walked into this forest (each holds in every
        region).  Returns those that added something here."""
        if self._sites is None:
            self._sites = SiteIndex(own_modules_of(self.table))
        fresh = [p for p in paths if walk(self.forest, p, self._sites)]
        self._learned.extend(fresh)
        return fresh

    def counts(self) -> dict:
        return dict(vars(self.stats))

    def absorb(self, counts: dict | None) -> None:
        for name, n in (counts or {}).items():
            if name == "inlined":
                for why, k in n.items():
                    self.stats.inlined[why] = self.stats.inlined.get(why, 0) + k
            elif name == "largest":
                self.stats.largest = max(self.stats.largest, n)
            else:
                setattr(self.stats, name, getattr(self.stats, name) + n)

    # -- the end of a run: local paths into the trees ---------------------------
    def end_run(self, recorder: Recorder) -> RunNotes:
        self._rec = recorder
        self._ret_canon: dict[Explored, Term] = {}
        self._nodes: dict[Explored, Any] = {}          # explored call -> its node in its caller's tree
        owner: dict[int, int] = {-1: -1}
        for r in recorder.calls:
            owner[r.index] = r.index if r.index in self.explored else owner.get(r.parent, -1)
        self._owner = owner
        events: dict[int, list] = {-1: []}
        for i in self.explored:
            events[i] = []
        for pos, b in enumerate(recorder.path):
            events[owner.get(b.frame, -1)].append((pos, 1, pos, b))
        for i, e in self.explored.items():
            events[owner.get(e.record.parent, -1)].append((e.record.start, 0, i, e))
        new, explored = 0, []
        # The input of this run, for the candidates aimed at the sides it leaves dangling.
        self._input = {k: v for k, v in self.assignment.items() if not k.startswith("demand:")}
        for inst in sorted(events, key=lambda i: -i if i >= 0 else float("inf")):   # callees first
            cursor = self._insert(inst, sorted(events[inst], key=lambda ev: ev[:3]), recorder)
            new += cursor.new
            explored.extend(cursor.explored)
        return RunNotes(info={"new": new, "explored": tuple(explored), "to_root": RootTerms(self._local),
                              **self._check(new, explored, recorder)})

    def _insert(self, inst: int, events: list, rec: Recorder) -> Cursor:
        entry = self.explored.get(inst)
        key = entry.key if entry is not None else ENTRY
        cursor = Cursor(self.forest, self.forest.tree(key), self._input)
        log = LocalPath(key, self._input) if self._outbox is not None else None
        try:
            self._walk(inst, entry, key, events, rec, cursor, log)
        finally:
            if log is not None and log.portable and cursor.ok and cursor.new:
                self._outbox.append(log.message())
        return cursor

    def _walk(self, inst: int, entry: Explored | None, key: FunctionKey, events: list, rec: Recorder,
              cursor: Cursor, log: LocalPath | None) -> None:
        for _, kind, _, ev in events:
            if kind == 1:
                term = self._canon(ev.term, inst)
                if term is None:
                    term = self._opaque(ev.site, "condition", Sort.BOOL)
                cursor.branch(ev.site, term, ev.taken, ev.flippable)
                if log is not None:
                    log.branch(ev.site, term, ev.taken, ev.flippable)
                continue
            callee: Explored = ev
            cls = callee.cls
            if cls is None:       # the call did not end (a timeout, an exit): neither does this path
                return
            args = tuple(self._canon(a, inst) or self._opaque(callee.record.site, "argument", a.sort)
                         for a in callee.actuals)
            node = cursor.call(callee.record.site, callee.key, args, cls)
            if node is not None:
                self._nodes[callee] = node
                if cls in node.rets:
                    self._ret_canon[callee] = node.rets[cls]
            if log is not None:
                log.call(callee.record.site, callee.key, args, cls, node.rets.get(cls) if node is not None else None)
        # A truncated or interrupted run's paths stop at the bound or the interrupt,
        # not where the functions ended.
        ends = cursor.ok and not rec.truncated and rec.interrupted is None
        if entry is None:
            if ends:
                cursor.end(("end",), None)
                if log is not None:
                    log.end(("end",), None)
        else:
            cls, value = self._outcome(entry)
            leaf = cursor.end(cls, value) if cls is not None and ends else None
            if leaf is not None and log is not None:
                log.end(cls, value)
            if cls is not None and cls[0] == "object":
                entry.cls = (*cls, leaf.uid if leaf is not None else None)
        if not cursor.ok:
            where = cursor.where or (entry.record.site if entry is not None else rec.path[0].site if rec.path else None)
            self._imprecise(where, f"the path of {key} contradicts its execution tree")

    def _outcome(self, entry: Explored) -> tuple:
        """The outcome class of an explored call and the term it returned."""
        if entry.raised is not None and (not isinstance(entry.raised, (Exception, AssumptionViolated))
                                         or entry.raised is self._rec.interrupted):
            return None, None      # a timeout, an exit, the search's interrupt: no outcome of the function
        cls = outcome_of(entry.result, entry.raised)
        entry.cls = cls
        value = None
        if cls[0] == "value":
            t = term_of(entry.result)
            value = self._canon(t, entry.record.index) if t is not None else None
            if value is None:
                self._imprecise(entry.record.site, f"the value {entry.key} returns is outside its parameters")
        return cls, value

    # -- renaming into a tree's vocabulary --------------------------------------
    def _canon(self, t: Term | None, inst: int, depth: int = 0) -> Term | None:
        """`t` over the vocabulary of instance `inst`'s tree, or None if it mentions
        something else."""
        if t is None or depth > 64:
            return None
        mapping = {}
        for v in t.free:
            r = self._canon_var(v, inst, depth)
            if r is None:
                return None
            if r is not v:
                mapping[v] = r
        return substitute(t, mapping) if mapping else t

    def _canon_var(self, v: Term, inst: int, depth: int) -> Term | None:
        info = self.formal_info.get(v)
        if info is not None:
            entry, actual = info
            if entry.record is not None and entry.record.index == inst:
                return entry.formals[v]
            return self._canon(actual, inst, depth + 1)   # a deeper call's formal: its actual
        entry = self.ret_info.get(v)
        if entry is not None:
            if entry.record is None:
                return None
            owner = self._owner.get(entry.record.parent, -1)
            if owner == inst:
                return self._ret_canon.get(entry)
            return self._through(v, owner, inst, depth)
        return v if inst == -1 else None

    def _through(self, v: Term, owner: int, inst: int, depth: int) -> Term | None:
        """A value a call made inside another explored call returned, reaching `inst`
        (an object the callee returned holds it: a token list): the variable of
        `inst`'s tree that stands for it through the call node of `inst`'s own callee
        on the way (`trees.via_var`).  Only under an object outcome class with its
        leaf, which fixes the callee's path and so which of its calls made the value;
        a returned int merges every path of the callee, and the value is opaque."""
        hop = self.explored.get(owner)
        while hop is not None and hop.record is not None and self._owner.get(hop.record.parent, -1) != inst:
            hop = self.explored.get(self._owner.get(hop.record.parent, -1))
        if hop is None or hop.record is None:
            return None
        node = self._nodes.get(hop)
        if node is None or hop.cls is None or hop.cls[0] != "object" or hop.cls[-1] is None:
            return None
        inner = self._canon_var(v, hop.record.index, depth + 1)
        return via_var(node, inner) if inner is not None else None

    def _opaque(self, site, what: str, sort: Sort) -> Term:
        self._imprecise(site, f"a {what} depends on values outside its function's parameters")
        self.stats.imprecise += 1
        return var(f"demand:opaque{self.stats.imprecise}", sort)

    def _imprecise(self, site, reason: str) -> None:
        self._rec.concretize(f"demand: {reason}", site=site)

    # -- progress (Theorem "Progress") ------------------------------------------
    def _check(self, new: int, explored: list, rec: Recorder) -> dict:
        """Did the run reach the side it was solved for, and if not, did it diverge?"""
        if not self.directive or rec.interrupted is not None:
            return {}   # (an interrupted run is run again in full: it has no verdict yet)
        (uid, key), mode, retry = self.directive
        side = self.forest.sides.get((uid, key))
        if side is None:
            return {}
        if key == OTHER:
            reached = any(u == uid for u, _ in explored)
        else:
            reached = side.status is SideStatus.EXPLORED
        if reached or mode == "relevant" and new:
            return {"reached": reached}
        if retry:
            return {"retry": True}
        what = {True: "taken", False: "not taken"}.get(key, "another outcome")
        self._rec.concretize(f"demand: the run solved ({mode}) to reach this side ({what}) "
                             f"{'did not reach it' if mode == 'lazy' else 'ran no new side'} (divergence)",
                             site=side.site)
        return {"diverged": True}


class RootTerms(Mapping):
    """The run's local variables (formal proxies `f#k.x`, returned values `demand:r#k`)
    as terms over the program's inputs: a formal is the actual it stood for, a returned
    value the term the callee returned.  What a searcher outside the forest (the
    `tryfirst` wrapper, which negates a branch of the raw path) needs so its query is
    over the inputs; resolved on demand, since most runs never need it."""

    def __init__(self, local: dict[Term, Term]) -> None:
        self._local = local
        self._resolved: dict[Term, Term] = {}

    def __getitem__(self, v: Term) -> Term:
        done = self._resolved.get(v)
        if done is None:
            if v not in self._local:
                raise KeyError(v)
            # Each term mentions only variables made before it: resolve those first.
            for u in self._local:
                if u not in self._resolved:
                    t = self._local[u]
                    self._resolved[u] = substitute(t, {w: self._resolved[w] for w in t.free if w in self._local})
                if u is v:
                    break
            done = self._resolved[v]
        return done

    def __iter__(self):
        return iter(self._local)

    def __len__(self) -> int:
        return len(self._local)
