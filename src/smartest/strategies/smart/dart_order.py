"""SMART in DART's order: DART's depth-first search over whole runs, where a side is
not run when summaries show it adds no path of any function (issue 12, item 5).

The paper's order (searcher.py, Figure 3) searches a callee's paths before its
caller's sides past the call; for `caller(a, b)` that calls a function of n paths
and then tests `b == 7`, DART reaches the bug at run 2 and that order at run n + 2
(notes/s7-smart2.md).  This searcher keeps DART's order instead:

* every run is a whole run with every call on the path (activations.py), and the
  candidates are DART's: after a run, the sides past its flipped branch, the
  deepest first, each as DART's query (the run's own path through every callee);
* each side is also a side of a **skeleton**: of the target, its own decisions
  with each activation replaced by its outcome class; of an activation, its own
  decisions, in the calling context given by the target's skeleton before it.  The
  skeletons form tries (`_Node`), which do not depend on which path a callee took,
  so a side taken in one callee path is taken for all of them;
* a candidate whose skeleton side some run took, or that summaries refuted, is not
  run: every run left adds a new skeleton, as the lazy bound of notes/s7-smart2.md
  counts them;
* a side DART's query refutes is asked again with the summary of every callee the
  path called before it standing for the call (§3.2: the disjunction of its paths'
  preconditions and its returned term), as SMART asks it.  Refuted there, it is
  asked once more whenever one of those summaries gains a path (its subtree in
  DART's tree under that callee path begins then).

**The bound.**  The runs made for DART's queries come in DART's order, and each is
DART's run for the same query; the runs skipped are ones whose skeleton sides were
taken.  So each bug whose DART run adds a skeleton is reached no later than DART
reaches it, modulo solver models where a query differs from DART's (the summary
queries, made only where DART's own query was unsatisfiable, and the runs after
them).  Those runs take a skeleton side no run took; DART takes it later or never.

**`complete`.**  Every skeleton side of every run is taken, refuted under the
summaries as they ended (a refutation is asked again when one grows), or skipped
because a run took it: Theorem 2's argument, on the tries.  A refutation under a
summary that left conditions out, or a summary query whose run took another
skeleton side, proves nothing: then the engine's DART fallback runs to its end
before `complete` (`uncovered`).
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from smartest.calls.purity import CodeTable, all_functions
from smartest.calls.intercept import own_modules
from smartest.search.protocol import Candidate, ExploredRun, decisions
from smartest.solver.protocol import NO_HISTORY, Query, Solver, Status
from smartest.symbolic.inputs import prepare_inputs
from smartest.strategies.smart.activations import Activation, ActivationPolicy, pinned_map
from smartest.terms import Term
from smartest.terms import build as make
from smartest.terms.rewrite import substitute
from smartest.trace.path import Branch


# The solver history of the summary queries: DART's queries keep the one they share
# with DART's own search (solver/protocol.Query.stream), so they get its models.
_SUMMARY_STREAM = 12


# The history of the last-stage checks (`_weakest_refuted`): only refutations are
# taken from it, and consecutive sides of a run share prefixes there.
_WEAKEST_STREAM = 13


# Below this many stages a side is staged query by query (`_weakest_refuted`): a few
# stages often end at a satisfiable one before the last.
_FEW_STAGES = 12
# ... and only while each summary it puts in holds at most this many paths: a query under
# a dozen disjunctions of many string paths each is z3's hardest (calc.calc, 150 runs:
# 20.4 CPU s with this rule, 31.8 with the check from 12 stages on any summaries), one
# under a dozen two-path integer summaries is not (incdec's `dec`: to exhaustion in
# 132.7 s with it, unfinished after 415 s without; notes/closing-note-9.md).
_FEW_PATHS = 4


# A query with more summaries than this is not asked: each result of a call in a loop is
# the summary's term over the one before (incdec: an ite nested a hundred deep), and the
# solver chokes on it.  DART's query is asked instead, and a side it refutes is left to
# the engine's fallback (`uncovered`).
_MOST_REPLACED = 16


class _Node:
    """A node of a skeleton trie: the steps taken from here, and the sides refuted here
    (each with the summary versions it was refuted under)."""

    __slots__ = ("children", "refuted")

    def __init__(self) -> None:
        self.children: dict = {}
        self.refuted: dict = {}

    def child(self, step) -> "_Node":
        node = self.children.get(step)
        if node is None:
            node = self.children[step] = _Node()
        return node


@dataclass
class _Run:
    """What the searcher keeps of a run: its path, every condition it decided (the path
    leaves out those implied by earlier ones), its input and activations, and for each
    decided condition its skeleton node (its side is that node's step, negated)."""

    path: tuple[Branch, ...]
    decided: tuple[Branch, ...]
    offset: int              # decided[:offset] is path[:offset]; the rest is Recorder.observed
    assignment: dict
    activations: tuple[Activation, ...]
    nodes: list = None
    at_call: dict = None     # activation ordinal -> the target's node at its call
    onpath: list = None      # decided index -> path index (None: implied, not on the path)
    before: list = None      # decided index -> how many path branches come before it
    index: dict = None       # id of a skeleton node -> the decided index at which the run passed it
    weakest: dict = None     # decided index -> (cut of its last stage, summary versions) it was refuted at
    summarized: list = None  # the summarized activations, in order (their spans are disjoint)
    asked: set = None        # decided indices whose DART query was asked (run or shadowed)
    spans: list = None       # ... their (first, end) decided indices
    starts: list = None
    ends: list = None
    _pinned: tuple = None

    def __post_init__(self) -> None:
        where = {id(b): j for j, b in enumerate(self.path)}
        self.weakest = {}
        self.asked = set()
        self.summarized = sorted((a for a in self.activations if a.summarized), key=self.span)
        self.spans = [self.span(a) for a in self.summarized]
        self.starts = [start for start, _ in self.spans]
        self.ends = [end for _, end in self.spans]
        self.onpath = [where.get(id(b)) for b in self.decided]
        self.before, n = [], 0
        for j in self.onpath:
            self.before.append(n)
            n += j is not None

    def dart_query(self, j: int) -> tuple[Term, ...]:
        """DART's query for path[j]: the run's path over the inputs.  The substituted
        conditions are kept as far as the deepest side asked, so a run's sides cost
        O(path) together: each side's query is a slice of them."""
        if self._pinned is None:
            self._pinned = (pinned_map(self.activations), {}, [], {})
        pinned, cache, over, first = self._pinned
        for b in self.path[len(over):j]:
            c = substitute(b.constraint, pinned, cache)
            first.setdefault(c, len(over))
            over.append(c)
        return (*over[:j], substitute(self.path[j].negated, pinned, cache))

    def dart_refuted(self, j: int) -> bool:
        """Is DART's query for path[j] refuted without a solver: its condition over the
        inputs is one the path decided before (the recorder told them apart by the
        callees' own variables; over the inputs they are one)?  After `dart_query(j)`."""
        pinned, cache, _, first = self._pinned
        return first.get(substitute(self.path[j].constraint, pinned, cache), j) < j

    def side(self, k: int) -> tuple[_Node, tuple]:
        b = self.decided[k]
        return self.nodes[k], (b.site, not b.taken)

    def span(self, a: Activation) -> tuple[int, int]:
        return self.offset + a.observed, self.offset + a.observed_end


class DartOrderSearcher:
    partial_paths = False

    def __init__(self, policy: ActivationPolicy, solver: Solver, domains: dict) -> None:
        self.policy = policy
        self.solver = solver
        self.domains = domains
        self.covered = 0                          # sides not run: every path of the callee past them is known
        self.root = _Node()
        self.callees: dict[tuple, _Node] = {}     # (id of the target's node at the call, qualname) -> its trie
        self._stack: list[tuple] = []             # ("dart" | "summary", run, k, cut)
        self._waiting: dict[str, list] = {}       # qualname -> refuted sides to ask again when its summary grows
        self._versions: dict[str, int] = {}
        self.unsure: list[str] = []               # why an empty stack does not mean every skeleton side
        self._forms: dict[tuple, _Form] = {}        # (id of a run, replaced ordinals, versions) -> its form

    @property
    def uncovered(self) -> str:
        return "; ".join(dict.fromkeys(self.unsure))

    # -- the Searcher protocol -----------------------------------------------
    def update(self, run: ExploredRun) -> None:
        info = run.notes.info
        mine = _Run(run.path, tuple(info.get("decided", run.path)), info.get("offset", 0), dict(run.assignment),
                    tuple(info.get("activations", ())))
        mine.nodes, mine.at_call = self._skeleton(mine)
        mine.index = {id(n): k for k, n in enumerate(mine.nodes)}
        cand = run.candidate
        origin = cand.origin if cand is not None else None
        start = 0
        if origin is not None and origin[0] == "dart" and not run.diverged:
            j = origin[1].onpath[origin[2]]
            start = next(k for k, i in enumerate(mine.onpath) if i == j) + 1
        elif origin is not None and origin[0] == "summary":
            node, step = origin[1].side(origin[2])
            if step not in node.children:
                self.unsure.append("a query under a callee's summary led to a run that took another side "
                                   "(the summary did not describe the callee)")
            start = _parted(origin[1], mine) + 1
        self._grown()
        for k in range(start, len(mine.decided)):
            if mine.decided[k].flippable:
                self._stack.append(("dart", mine, k, 0))

    def select(self) -> Candidate | None:
        while self._stack:
            kind, run, k, cut = self._stack.pop()
            node, step = run.side(k)
            j = run.onpath[k]
            if kind == "dart" and j is None:
                # Implied by an earlier condition of the run: DART has no side here, but
                # under the earlier callees' summaries the other side may be feasible.
                self._defer(run, k, k)
                continue
            if kind == "dart":
                done = step in node.children or self._refuted(node, step)
                known = not done and self._known_below(run, k)
                if known:
                    # Not proved for good: an earlier callee's new path may reach another.
                    for q in self._callees_before(run, k):
                        self._waiting.setdefault(q, []).append(("dart", run, k, 0))
                if known or done:
                    if k not in run.asked:     # DART asks each side's query once
                        run.asked.add(k)
                        query = run.dart_query(j)
                        if not run.dart_refuted(j):
                            self._shadow(query, run.assignment)
                    if step in node.children:
                        self._below(node, step)
                    continue
                run.asked.add(k)
                candidate = Candidate(run.dart_query(j), run.assignment, (*decisions(run.path[:j]), step),
                                      origin=("dart", run, k, 0))
                if run.dart_refuted(j):
                    self.rejected(candidate, Status.UNSAT)
                    continue
                return candidate
            if kind != "summary" or step in node.children or self._refuted(node, step):
                continue
            weakest = self._weakest_refuted(run, k)
            if weakest is not None and cut > weakest:
                # Its last stage is refuted, so every stage from this one to it is: straight
                # to the last, where the stages in between would have moved it one by one
                # (each only went down the stack, and did nothing else).
                self._stage(run, k, bisect_left(run.starts, weakest))
                continue
            form = self._summary_form(run, k, cut)
            if form is None:
                self.unsure.append(f"a side past more than {_MOST_REPLACED} summarized calls was not asked under "
                                   f"their summaries")
                continue
            query, used, _ = form
            for q in used:
                self.policy.stats[q].disjunctions += 1
            candidate = Candidate(query, run.assignment, (), origin=("summary", run, k, cut, used),
                                  stream=_SUMMARY_STREAM)
            if _contradictory(query):
                self.rejected(candidate, Status.UNSAT)    # no solver needed, nor a bound probe
                continue
            return candidate
        return None

    def rejected(self, candidate: Candidate, status: Status) -> None:
        kind, run, k, cut = candidate.origin[:4]
        node, step = run.side(k)
        if status is not Status.UNSAT:
            node.refuted[step] = None     # unknown: the engine's flag says the search is not complete
            return
        if self._defer(run, k, k if kind == "dart" else cut):
            return
        used = candidate.origin[4] if kind == "summary" else ()
        node.refuted[step] = {q: self.policy.summary(q).version for q in used}
        for q in used:
            self._waiting.setdefault(q, []).append(("summary", run, k, 0))
        if any(not p.complete for q in used for p in self.policy.summary(q).paths):
            self.unsure.append("a side was refuted under a summary that leaves conditions out")

    def _below(self, node: _Node, step) -> None:
        """DART's search takes this side here (another run took it under other callee
        paths): the sides waiting below it under summaries are where DART's search goes
        next, so they are asked now, each under every summary before it."""
        mine, rest = [], []
        for entry in self._stack:
            kind, run, k, _ = entry
            i = run.index.get(id(node)) if kind == "summary" else None
            if i is not None and i < k and (run.decided[i].site, run.decided[i].taken) == step:
                mine.append(("summary", run, k, 0))
            else:
                rest.append(entry)
        if mine:
            self._stack[:] = rest + mine

    def _defer(self, run: _Run, k: int, before: int) -> bool:
        """Ask side k again with one more callee's summary standing for its call: the last
        summarized call that ended at or before `before`, with those after it (DART
        reaches the side through another path of that callee when its search comes
        back to that callee's sides: the stack's entries above are deeper in DART's
        order, and each run's first conditions are its parent's).  Whether there was
        such a call."""
        i = bisect_right(run.ends, min(k, before)) - 1     # the summarized spans are disjoint
        while i >= 0 and run.spans[i][0] >= before:
            i -= 1
        if i < 0:
            return False
        self._stage(run, k, i)
        return True

    def _stage(self, run: _Run, k: int, i: int) -> None:
        """Side k's stage that replaces the run's summarized calls from the i-th on, in
        the stack below every entry of a side past that call: DART's search comes back
        to the call after those."""
        start, end = run.spans[i]
        j = len(self._stack)
        while j > 0 and self._stack[j - 1][2] >= end:
            j -= 1
        self._stack.insert(j, ("summary", run, k, start))

    def _weakest_refuted(self, run: _Run, k: int) -> int | None:
        """The cut of side k's last stage if that stage is refuted under the summaries as
        they are (None: not known to be).  Each stage puts one more callee's summary in
        place of the path the run took through it, which admits every input the stage
        before admitted (a complete summary holds that path, and its paths' preconditions
        are disjoint), so once the last is unsatisfiable every stage is.  Asked one by
        one (incdec: a dozen calls of `dec` before each side of its loop) they cost a
        query and an O(prefix) form each, to the same refutation.  The stages still
        take their places in the stack, in DART's order, as before; only their queries
        are saved, and the last goes to the engine as any other, so its bound probe
        hears it.  Asked once per side and summary versions (`_Run.weakest`)."""
        n = bisect_right(run.ends, k)
        if n < _FEW_STAGES:
            return None    # a few stages cost less than one query under all their summaries
        last = run.spans[n - min(n, _MOST_REPLACED)][0]
        known = run.weakest.get(k)
        if known is not None and (known[0] is None or
                                  all(self.policy.summary(q).version == v for q, v in known[1].items())):
            return known[0]     # satisfiable stays so as summaries grow; a refutation holds until one does
        form = self._summary_form(run, k, last)
        if form is None:
            return None
        query, used, _ = form
        if any(len(self.policy.summary(q).paths) > _FEW_PATHS for q in used):
            run.weakest[k] = (None, None)    # paths are only added: it stays too hard to ask at once
            return None
        if any(not p.complete for q in used for p in self.policy.summary(q).paths):
            return None    # a summary that leaves conditions out may admit less: stage by stage
        if _contradictory(query):
            refuted = last
        else:
            hints = {v: run.assignment[v.value] for c in query for v in c.free if v.value in run.assignment}
            try:
                answer = self.solver.check(Query(query, self.domains, hints, stream=_WEAKEST_STREAM))
            except Exception:   # no proof: stage by stage
                return None
            refuted = last if answer.status is Status.UNSAT else None
        run.weakest[k] = (refuted, {q: self.policy.summary(q).version for q in used})
        return refuted

    # -- skeletons -----------------------------------------------------------
    def _skeleton(self, run: _Run) -> tuple[list, dict]:
        """Each decided condition's node in its skeleton trie (inserting the run), and the
        target's node at each activation's call.  The tries hold every condition the run
        decided, implied ones too: which of them go on the path depends on what was
        decided before, so the path alone would not be a function of the skeleton."""
        decided = run.decided
        nodes: list = [None] * len(decided)
        at_call = {}
        spans = sorted((a for a in run.activations if a.summarized), key=lambda a: a.start)
        target = self.root
        i = 0
        for a in [*spans, None]:
            stop = run.span(a)[0] if a is not None else len(decided)
            while i < stop:
                nodes[i] = target
                target = target.child((decided[i].site, decided[i].taken))
                i += 1
            if a is None:
                break
            at_call[a.ordinal] = target
            callee = self.callees.setdefault((id(target), a.qualname), _Node())
            while i < run.span(a)[1]:
                nodes[i] = callee
                callee = callee.child((decided[i].site, decided[i].taken))
                i += 1
            target = target.child(("call", a.qualname, a.outcome))
        return nodes, at_call

    def _shadow(self, constraints: tuple, assignment: dict) -> None:
        """Ask DART's query of a side that is not run, and drop the answer: z3's models
        depend on what its solvers were asked before (solver/protocol.Query.stream), so
        the queries of the sides that are run get DART's models only if the shared
        history holds DART's queries, these too."""
        hints = {v: assignment[v.value] for c in constraints for v in c.free if v.value in assignment}
        try:
            self.solver.check(Query(constraints, self.domains, hints))
        except Exception:   # only the history was at stake
            pass

    def _known_below(self, run: _Run, k: int) -> bool:
        """Is path[j] inside a callee whose known paths are all the inputs past its other
        side can take (those of an outcome class the caller went on from in this calling
        context), whichever known path each earlier callee took?  Then the run would add
        no path of the callee, and the caller's sides past the call were asked under
        the summary, which holds those paths (§3.2, the paper's implication check, on
        one side of the callee instead of its whole call)."""
        a = next((a for a in run.activations if a.summarized and run.span(a)[0] <= k < run.span(a)[1]), None)
        if a is None:
            return False
        form = self._summary_form(run, k)
        if form is None:
            return False
        query, _, mapping = form
        here = run.at_call[a.ordinal]
        classes = {s[2] for s in here.children if s[0] == "call" and s[1] == a.qualname}
        summary = self.policy.summary(a.qualname)
        actuals = _canonical(a, mapping)
        known = [summary.path_instance(i, actuals)[0] for i, p in enumerate(summary.paths)
                 if p.complete and p.outcome in classes and p.formals <= actuals.keys()]
        if not known:
            return False
        query = (*query, make.not_(make.or_(*known)))
        hints = {v: run.assignment[v.value] for c in query for v in c.free if v.value in run.assignment}
        try:
            answer = self.solver.check(Query(query, self.domains, hints, stream=NO_HISTORY))
        except Exception:   # the solver's failure is no proof: run the side
            return False
        return answer.status is Status.UNSAT

    def _refuted(self, node: _Node, step) -> bool:
        if step not in node.refuted:
            return False
        at = node.refuted[step]
        return at is None or all(self.policy.summary(q).version == v for q, v in at.items())

    def _grown(self) -> None:
        """Sides refuted (or found past known paths only) under a summary that gained
        paths since: asked again, below the sides of the run that grew it, which DART
        asks first."""
        for q, s in self.policy.summaries.items():
            if s.version != self._versions.get(q, 0):
                self._versions[q] = s.version
                self._stack.extend(self._waiting.pop(q, ()))

    # -- queries -------------------------------------------------------------
    @staticmethod
    def _callees_before(run: _Run, k: int) -> tuple[str, ...]:
        return tuple(dict.fromkeys(a.qualname for a in run.activations if a.summarized and run.span(a)[1] <= k))

    def _summary_form(self, run: _Run, k: int, cut: int = 0) -> tuple[tuple[Term, ...], tuple[str, ...], dict] | None:
        """The path before decided[k] and decided[k] negated, each activation that began
        at `cut` or later and ended before k replaced by its function's summary at that
        call (its outcome class's preconditions, its returned term), the rest as the run
        decided it, over the inputs; the functions replaced; what each variable of the
        run stands for.  None where a summary has no such class.

        The sides of one run between two calls replace the same calls: they share one
        `_Form` (its substitution, built as far as the deepest side asked), so a run's
        sides cost O(path) together, not O(path) each (incdec's loop: 700 conditions)."""
        replaced = tuple(run.summarized[bisect_left(run.starts, cut):bisect_right(run.ends, k)])
        if len(replaced) > _MOST_REPLACED:
            return None
        versions = tuple(self.policy.summary(a.qualname).version for a in replaced)
        key = (id(run), tuple(a.ordinal for a in replaced), versions)
        form = self._forms.pop(key, None)
        if form is None:
            form = _Form(run, replaced, self.policy)
        self._forms[key] = form                       # the most recent last
        while len(self._forms) > _FORMS_KEPT:
            del self._forms[next(iter(self._forms))]
        return form.at(k)


# Substitutions kept (`_Form`): the segments of the runs whose sides are being asked.
_FORMS_KEPT = 32


class _Form:
    """One run with a fixed set of activations replaced by their summaries: the
    substitution of its variables and its decided conditions under it, built lazily
    as far as the deepest side asked (see `DartOrderSearcher._summary_form`)."""

    def __init__(self, run: _Run, replaced: tuple[Activation, ...], policy: ActivationPolicy) -> None:
        self.run = run
        self.policy = policy
        self.replaced = {a.ordinal for a in replaced}
        self.names = tuple(dict.fromkeys(a.qualname for a in replaced))
        self.skip = {i for a in replaced for i in range(*run.span(a))}
        self.mapping: dict[Term, Term] = {}
        self.cache: dict = {}
        self.domains: list[Term] = []       # the replaced activations' domains, in call order
        self.next_call = 0            # activations[:next_call] are in the mapping
        self.failed = False           # a summary has no class of the run's outcome
        self.firsts: list[Term] = []  # the decided conditions before `upto`, substituted, each once
        self.at_index: list[int] = [] # ... and the index of each one's first occurrence
        self.seen: set[Term] = set()
        self.upto = 0

    def at(self, k: int) -> tuple[tuple[Term, ...], tuple[str, ...], dict] | None:
        run, mapping, cache = self.run, self.mapping, self.cache
        while not self.failed and self.next_call < len(run.activations) \
                and run.span(run.activations[self.next_call])[0] <= k:
            self._enter(run.activations[self.next_call])
            self.next_call += 1
        if self.failed:
            return None
        # The summaries' domains first, then every condition decided before, implied ones
        # too: one implied by a condition of a callee that the summary now stands for is
        # implied no more.  (In path order, with each domain where its call's conditions
        # were, calc's queries took z3 half as long again: measured, not kept.)
        for i in range(self.upto, k):
            if i not in self.skip:
                c = substitute(run.decided[i].constraint, mapping, cache)
                if c not in self.seen:
                    self.seen.add(c)
                    self.firsts.append(c)
                    self.at_index.append(i)
        self.upto = max(self.upto, k)
        before = self.firsts[:bisect_left(self.at_index, k)]
        constraints = (*self.domains, *before, substitute(run.decided[k].negated, mapping, cache))
        out = tuple(c for c in constraints if not (c.op == "const" and c.value is True))
        return out, self.names, mapping

    def _enter(self, a: Activation) -> None:
        mapping, cache = self.mapping, self.cache
        for v, t in a.actuals.items():
            mapping[v] = substitute(t, mapping, cache)
        if a.ordinal not in self.replaced:
            if a.ret is not None:
                mapping[a.ret] = substitute(a.returned, mapping, cache)
            return
        inst = self.policy.summary(a.qualname).instance(_canonical(a, mapping, cache))
        domain = next((d for o, d in inst.classes if o == a.outcome), None)
        if domain is None:
            self.failed = True
            return
        if a.ret is not None:
            mapping[a.ret] = inst.values[a.outcome]
        self.domains.append(domain)


def _parted(parent: _Run, child: _Run) -> int:
    """The first decided index at which `child` took another step than `parent` (the
    length of the shorter, if neither did).  A run made for a query under summaries
    shares its skeleton up to there with the run it was asked on, whose sides there
    (and its ancestors') are in the stack or settled: as DART pushes only the sides past
    the branch it flipped, the child's sides before this one are not pushed again
    (calc_pure to exhaustion: 105 runs before, 96 after; incdec's shadowed queries, which
    come from its DART runs, are not changed by it: notes/closing-note-10.md)."""
    n = min(len(parent.decided), len(child.decided))
    for k in range(n):
        if parent.nodes[k] is not child.nodes[k] or parent.decided[k].site != child.decided[k].site \
                or parent.decided[k].taken != child.decided[k].taken:
            return k
    return n


def _contradictory(query: tuple[Term, ...]) -> bool:
    """Does the conjunction hold false, or its last condition's negation before it?
    Then it is unsatisfiable without a solver.  Most sides asked under summaries are
    conditions the run decided before in the caller, implied there (trace/recorder):
    under a stage that replaces no call between the two they stay each other's
    negation (calc, 60 runs: 1,116 of 2,586 summary queries)."""
    if any(c.op == "const" and not c.value for c in query):
        return True
    return bool(query) and make.not_(query[-1]) in set(query[:-1])


def _canonical(a: Activation, mapping: dict, cache: dict | None = None) -> dict:
    """The activation's canonical formals -> the caller's terms under `mapping`."""
    out = {f: make.const(v) for f, v in a.fixed.items()}
    out.update((a.rename[v], substitute(t, mapping, cache)) for v, t in a.actuals.items())
    return out


def build(options, solver, target) -> tuple[DartOrderSearcher, ActivationPolicy]:
    """The `smart-dfs` strategy: DART's order with summaries (this module), every call run."""
    policy = ActivationPolicy(CodeTable(all_functions(own_modules(target.is_own_file))))
    return DartOrderSearcher(policy, solver, prepare_inputs(target.params, options)), policy
