"""LATEST: lazy expansion of called functions (Majumdar & Sen, UCB/EECS-2007-36).

The paper's algorithm is recursive (Figure 5):

    LATEST f         = for each abstract path pi of f (abstract_next_path, Figure 4):
                           concretize pi
    concretize pi    = at the first call g on pi, for each concrete path of g
                       (next_path g) that can be stitched to the rest of pi:
                           concretize the rest; stop at the first success
    next_path g      = for each abstract path of g: concretize it (g's own calls
                       are expanded the same way: laziness is recursive)

The engine loop runs one execution at a time, so each of these functions is a
generator that yields the `Candidate` it needs run and receives the run (a
`View`) or the solver's refusal (`Rejected`); `select`/`update`/`rejected` drive
the outermost one.  Backtracking is continuation-passing: `next_path` calls its
continuation `k` on each concrete path of g and stops when `k` says it succeeded.

Stateless (section 4.2).  Nothing symbolic is carried from one run to the next:
a run is its inputs (and abstract return values) plus a `Plan` of the calls to
expand.  Stitching an expanded call's path to the rest of the abstract path re-
executes the partially expanded path and compares the caller's **control path**
(the lines it executed, `trace/control.py`) with the abstract path's: where they
differ, the symbolic branch decided on the line before is flipped (prefix kept),
until the control paths agree, the solver says it cannot be done, or the turn
was decided by concrete values only (a side effect of the expanded call, as in
the paper's Figure 6) -- then the next path of the call is tried.  Only real runs
(no call abstracted) are ever reported, so an abstract path is never mistaken
for a reachable one.

Orders.  Abstract paths of the function under test are enumerated depth-first
(Figure 4).  Paths of an expanded call are enumerated shortest-prefix first: any
path that stitches will do, and short paths are found first (the paper's
locate/top needs 2 iterations for its first abstract path).  An abstract path on
which a callee's result drives one of the runtime's implicit checks of the
caller to its failing side (a negative or out-of-range index, a zero divisor)
is concretized last: unit-tested callees rarely return such values, and refuting
it means enumerating the callee.
"""
from __future__ import annotations

import dis
import heapq
import itertools
from dataclasses import dataclass, fields
from typing import Any

from smartest.calls.lazy import EMPTY_PLAN, ROOT, CallId, LazyPolicy, Plan, is_alpha
from smartest.search.expansions import Expansions, KnownPath, call_key, relevant_context
from smartest.search.protocol import Candidate, ExploredRun, decisions
from smartest.search.scopes import View, first_difference
from smartest.solver.protocol import Status
from smartest.symbolic.realize import term_of
from smartest.terms import Term, build
from smartest.terms.rewrite import substitute
from smartest.trace.path import path_constraint
from smartest.trace.site import Site
from smartest.trace.tree import ExecutionTree, SideStatus, dangling_sides


@dataclass(frozen=True)
class Rejected:
    status: Status


@dataclass
class LatestStats:
    abstract_runs: int = 0       # runs with at least one call abstracted
    concrete_runs: int = 0       # real executions (reported as tests)
    abstract_paths: int = 0      # paths of the function under test found with its calls abstracted
    concretized: int = 0         # ... of which a real run followed
    refuted: int = 0             # ... proved impossible (no stitchable paths of the callees)
    deferred: int = 0            # ... concretized last (implausible callee results)
    expansions: int = 0          # next_path invocations (a call expanded in a context)
    stitch_steps: int = 0        # runs asked for to force the rest of an abstract path
    memo_tried: int = 0          # known paths of a call run in a new context
    memo_refuted: int = 0        # expansions answered by known paths alone

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


_EXPLICIT = {"FOR_ITER", "UNARY_NOT", "TO_BOOL"}
_IMPLICIT_SITES: dict[Site, bool] = {}


def _implicit(site: Site) -> bool:
    """Was this branch an implicit check of the runtime (an index bound, a divisor,
    a character range) rather than a test written in the code (a jump)?"""
    known = _IMPLICIT_SITES.get(site)
    if known is None:
        code = site.code.co_code
        name = dis.opname[code[site.offset]] if 0 <= site.offset < len(code) else ""
        known = _IMPLICIT_SITES[site] = not ("JUMP" in name and "IF" in name) and name not in _EXPLICIT
    return known


class ScopeSearch:
    """`abstract_next_path` for one scope in one context: the scope's own branches,
    flipped one at a time with everything before them kept (Figure 4)."""

    def __init__(self, scope: CallId, plan: Plan, deepest_first: bool) -> None:
        self.scope = scope
        self.plan = plan
        self.deepest_first = deepest_first
        self.tree = ExecutionTree()
        self._queue: list = []
        self._tie = itertools.count()

    def add(self, view: View, cand: Candidate | None, diverged: bool = False) -> None:
        positions = view.owned(self.scope)
        branches = [view.path[p] for p in positions]
        nodes = self.tree.insert(branches)
        forced = -1
        if cand is not None and cand.origin is not None:
            node, side, j = cand.origin
            if diverged:
                self.tree.mark(node, side, SideStatus.DIVERGED)
            else:
                forced = j
        for j, node in dangling_sides(branches, nodes, forced + 1):
            p = positions[j]
            b = view.path[p]
            c = Candidate(path_constraint(view.path, p), view.assignment,
                          (*decisions(view.path[:p]), (b.site, not b.taken)), self.plan, (node, not b.taken, j))
            if self.deepest_first:
                self._queue.append(c)
            else:
                heapq.heappush(self._queue, (j, next(self._tie), c))

    def pop(self) -> Candidate | None:
        if not self._queue:
            return None
        return self._queue.pop() if self.deepest_first else heapq.heappop(self._queue)[2]

    def rejected(self, cand: Candidate, status: Status) -> None:
        node, side, _ = cand.origin
        self.tree.mark(node, side, SideStatus.INFEASIBLE if status is Status.UNSAT else SideStatus.UNKNOWN)

    def diverged(self, cand: Candidate) -> None:
        node, side, _ = cand.origin
        self.tree.mark(node, side, SideStatus.DIVERGED)


def _accept(view: View):
    """The continuation of the function under test: the first concretization will do."""
    return True
    yield  # pragma: no cover  (makes this a generator)


class LatestSearcher:
    def __init__(self, *, memo: bool = True, callee_deepest_first: bool = False) -> None:
        self.stats = LatestStats()
        self.memo = Expansions() if memo else None
        self.callee_deepest_first = callee_deepest_first
        self.top = ScopeSearch(ROOT, EMPTY_PLAN, deepest_first=True)
        self._deferred: list[View] = []
        self._co = None
        self._fresh = False
        self._reply: Any = None
        self._unsure = 0   # divergences, unknown answers, imprecise runs: an enumeration is not exhaustive

    # -- the searcher protocol --------------------------------------------------
    def update(self, run: ExploredRun) -> None:
        view = View(run)
        if view.real:
            self.stats.concrete_runs += 1
        else:
            self.stats.abstract_runs += 1
        if not run.complete:
            self._unsure += 1
        if self.memo is not None:
            self.memo.learn(view)
        if self._co is None:          # the first run, or a random restart of the engine
            self._co = self._latest(view)
            self._fresh = True
        else:
            self._reply = view

    def rejected(self, candidate: Candidate, status: Status) -> None:
        if status is not Status.UNSAT:
            self._unsure += 1
        self._reply = Rejected(status)

    def select(self) -> Candidate | None:
        if self._co is None:
            return None
        try:
            cand = next(self._co) if self._fresh else self._co.send(self._reply)
        except StopIteration:
            self._co = None
            return None
        self._fresh = False
        self._reply = None
        return cand

    def _run(self, cand: Candidate):
        """Ask the engine to run `cand`; the answer is a View or a Rejected."""
        return (yield cand)

    # -- LATEST f (Figure 5) ----------------------------------------------------------
    def _latest(self, first: View):
        view, cand = first, None
        while True:
            if view is not None:
                before = self.top.tree.paths
                self.top.add(view, cand, diverged=cand is not None and not view.follows(cand.expect))
                if self.top.tree.paths > before:     # a new abstract path (a restart may repeat one)
                    yield from self._abstract_path(view)
            cand = self.top.pop()
            if cand is None:
                if not self._deferred:
                    return
                yield from self._concretize_top(self._deferred.pop(0))
                view = None
                continue
            got = yield from self._run(cand)
            if isinstance(got, Rejected):
                self.top.rejected(cand, got.status)
                view = None
            else:
                view = got

    def _abstract_path(self, view: View):
        if view.real:   # no call was abstracted: the run is its own concretization
            return
        self.stats.abstract_paths += 1
        if self._implausible(view):
            self.stats.deferred += 1
            self._deferred.append(view)
            return
        yield from self._concretize_top(view)

    def _concretize_top(self, target: View):
        if (yield from self._concretize(ROOT, target, target, _accept)):
            self.stats.concretized += 1
        else:
            self.stats.refuted += 1

    @staticmethod
    def _implausible(view: View) -> bool:
        for p in view.owned(ROOT):
            b = view.path[p]
            if not b.taken and _implicit(b.site) and any(is_alpha(v.value) for v in b.term.free):
                return True
        return False

    # -- concretize / next_path (Figure 5), stitching (section 4.2) ---------------
    def _concretize(self, scope: CallId, target: View, run: View, k):
        """Expand the abstract calls `scope` made on `run` (whose control path in
        `scope` is `target`'s), in order; call k on each full concretization."""
        pending = run.abstract_calls(scope)
        if not pending:
            return (yield from k(run))
        i = pending[0]
        cid = run.ids[i]

        def stitched(crun: View):
            end = crun.span(cid)[1]
            srun = yield from self._stitch(scope, target, crun, end)
            if srun is None:
                return False
            return (yield from self._concretize(scope, target, srun, k))

        return (yield from self._next_path(scope, target, run, i, stitched))

    def _stitch(self, scope: CallId, target: View, run: View, floor: int):
        """Force `run` down `target`'s control path in `scope` after position `floor`
        (where the expanded call returned); the run that follows it, or None."""
        goal = target.control(scope)
        last = -1
        while True:
            mine = run.control(scope)
            e = first_difference(goal, mine)
            if e is None:
                return run
            if e <= last:
                return None    # flipping the branch did not change the line: decided concretely
            last = e
            p = run.responsible(scope, mine, e, target, goal)
            if p is None or p < floor:
                return None    # the caller turned away on concrete values (e.g. a side effect)
            b = run.path[p]
            cand = Candidate(path_constraint(run.path, p), run.assignment,
                             (*decisions(run.path[:p]), (b.site, not b.taken)), run.plan)
            self.stats.stitch_steps += 1
            got = yield from self._run(cand)
            if isinstance(got, Rejected):
                return None
            if not got.follows(cand.expect):
                self._unsure += 1
                return None
            run = got

    def _next_path(self, scope: CallId, target: View, run: View, i: int, k):
        """Enumerate the concrete paths of call i of `run` in its context (the path
        before it kept), known ones first; k on each until k succeeds."""
        self.stats.expansions += 1
        record = run.calls[i]
        cid = run.ids[i]
        prefix = run.path[:record.start]
        expect0 = decisions(prefix)
        plan = run.plan.with_expanded(cid)
        tried: set[tuple] = set()
        unsure0 = self._unsure
        key = context = None
        if self.memo is not None:
            key = call_key(record)
            if key is not None:
                context = relevant_context(prefix, record)
                for known in self.memo.known(key):
                    if known.result is None or known.decisions in tried:
                        continue
                    guess = self._guess(scope, target, run, cid, known)
                    if guess is None:
                        continue
                    # The prefix holds for run.assignment; what is new goes last as one
                    # conjunction, so independence slicing keeps all of it.
                    cand = Candidate((*(b.constraint for b in prefix), build.and_(*known.constraints, *guess)),
                                     run.assignment, expect0 + known.decisions, run.plan.with_deep(cid))
                    got = yield from self._run(cand)
                    if isinstance(got, Rejected) or not got.follows(cand.expect):
                        continue
                    self.stats.memo_tried += 1
                    tried.add(known.decisions)
                    if (yield from k(got)):
                        return True
                if self.memo.is_complete(key, context):
                    self.stats.memo_refuted += 1
                    return False

        def once(crun: View):
            d = crun.decisions_of(crun.index[cid])
            if d in tried:
                return False
            tried.add(d)
            return (yield from k(crun))

        search = ScopeSearch(cid, plan, self.callee_deepest_first)
        cand = None
        got = yield from self._run(Candidate(None, run.assignment, expect0, plan))
        while True:
            if isinstance(got, Rejected):
                search.rejected(cand, got.status)
            elif got.follows(cand.expect if cand else expect0) and got.index.get(cid) is not None \
                    and got.calls[got.index[cid]].mode == "expanded":
                search.add(got, cand)
                if (yield from self._concretize(cid, got, got, once)):
                    return True
            else:
                self._unsure += 1
                if cand is not None:
                    search.diverged(cand)
            cand = search.pop()
            if cand is None:
                break
            got = yield from self._run(cand)
        if key is not None and self._unsure == unsure0:
            self.memo.mark_complete(key, context)
        return False

    @staticmethod
    def _guess(scope: CallId, target: View, run: View, cid: CallId, known: KnownPath) -> tuple[Term, ...] | None:
        """The rest of `target` in `scope` after call `cid`, with the abstract results
        of the calls expanded so far (and of `cid`, taking path `known`) replaced by
        their real ones: the conceptual algorithm's phi /\\ psi (section 4.1).  Used
        to choose which known path to run; the run is checked like any other."""
        ti = target.index.get(cid)
        if ti is None:
            return ()
        alpha = term_of(target.calls[ti].result)
        if alpha is None or alpha.op != "var" or known.result is None or known.result.sort is not alpha.sort:
            return None
        mapping = {alpha: known.result}
        for j, c in enumerate(run.calls):
            if c.mode != "expanded":
                continue
            tj = target.index.get(run.ids[j])
            if tj is None or target.calls[tj].mode != "abstract":
                continue
            a, r = term_of(target.calls[tj].result), term_of(c.result)
            if a is not None and a.op == "var" and r is not None and r.sort is a.sort:
                mapping[a] = r
        after = target.calls[ti].end
        rest = []
        for p in target.owned(scope):
            if p >= after:
                t = substitute(target.path[p].constraint, mapping)
                if t.op == "const":
                    if not t.value:
                        return None
                    continue
                rest.append(t)
        return tuple(rest)


def build_latest(options, solver, target) -> tuple[LatestSearcher, LazyPolicy]:
    """The `latest` strategy: `--abstract` (options.extra["abstract"]) restricts the
    functions that may be abstracted; all the target's own functions by default."""
    from smartest.calls.abstract_spec import resolve_abstract
    extra = options.extra or {}
    names = resolve_abstract(extra.get("abstract") or (), target)
    searcher = LatestSearcher(memo=extra.get("memo", True),
                              callee_deepest_first=extra.get("callee_order", "shallow") == "deep")
    policy = LazyPolicy(names, options, target.is_own_file)
    policy.stats = searcher.stats
    return searcher, policy
