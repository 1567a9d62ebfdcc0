"""Concretization (LATEST, Figure 5 and section 4.2): stitching real paths of the
called functions into an abstract path, recursively lazy in the callees.

    concretize pi    = at the first abstract call g on pi, for each concrete path
                       of g (next_path g) that can be stitched to the rest of pi:
                           concretize the rest; stop when the caller is satisfied
    next_path g      = for each abstract path of g (its own calls abstracted):
                           concretize it

Each step is a generator that yields the `Candidate` it needs run and receives the
run (a `View`) or the solver's refusal (`Rejected`).  Backtracking is
continuation-passing: `next_path` calls its continuation `k` on each concrete path
of g and stops when `k` says it succeeded, so every choice point (a path of any
call at any depth) is revisited in order when a later one fails.

Stateless (section 4.2).  Nothing symbolic is carried from one run to the next: a
run is its inputs and abstract results plus a `Plan` of the calls to expand.
Stitching an expanded call's path to the rest of the abstract path re-executes the
partially expanded path and compares the caller's control path (the lines it
executed) with the abstract path's; where they differ, the branch decided on the
line before is flipped, prefix kept, until they agree, the solver says it cannot be
done, or the turn was decided by concrete values only (a side effect of the
expanded call, as in the paper's Figure 6).

Known paths (section 4.3, `expansions.py`) are tried before exploring a call, and
`all_at_once` chooses a known path for every pending call with solver queries alone
(the conceptual algorithm's conjunction of section 4.1, used as a guess) and checks
the choice with one run.  When that choice fails, it is made once more from the
abstract path's end, exploring alone each call none of whose known paths gives what
the calls after it need (`probe.py`): a digit an earlier call's known path fixed is
then not what the later calls wait behind.  Guesses only choose what to run: a run
decides.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from smartest.strategies.latest.policy import ROOT, CallId, formal_links
from smartest.strategies.latest.expansions import Expansions, KnownPath, call_key, relevant_context
from smartest.search.protocol import Candidate, decisions
from smartest.strategies.latest.probe import Prober
from smartest.strategies.latest.scopes import ScopeSearch, View, first_difference
from smartest.solver.protocol import Query, Solver, Status
from smartest.symbolic.realize import term_of
from smartest.terms import Term, build
from smartest.terms.evaluate import evaluate
from smartest.terms.rewrite import substitute
from smartest.trace.path import path_constraint


def _assign(terms: tuple[Term, ...], mapping: dict[Term, Term]) -> tuple[Term, ...] | None:
    """`terms` with `mapping` substituted, constants folded: None if one became false,
    the true ones dropped."""
    out = []
    for t in terms:
        if not t.free.isdisjoint(mapping):
            t = substitute(t, mapping)
            if t.op == "const":
                if not t.value:
                    return None
                continue
        out.append(t)
    return tuple(out)


def _holds(term: Term, model) -> bool:
    """Is `term` true in `model` (False where the model does not say)?"""
    try:
        return bool(evaluate(term, model))
    except Exception:   # a variable the model leaves out, an undefined operation
        return False


@dataclass(frozen=True)
class Rejected:
    status: Status


class Concretizer:
    """The concretization steps, sharing the known paths, the solver and the figures."""

    CHOICE_QUERIES = 40   # solver queries one all-at-once choice may spend beyond 2 per call
    # All-at-once choices that may fail for one abstract path before it is concretized
    # call by call only.  On calc.py (n = 3, 400 runs) 168 of 175 choices failed, over 9
    # abstract paths, and spent 1,550 of the search's 2,283 solver queries; with one
    # failure allowed, 1,082 queries and the same 3 paths concretized, 5 refuted (on
    # calc_lex, n = 8, 800 runs: 9,013 -> 8,125 queries, the same 4 valid inputs).
    CHOICE_FAILURES = 1
    MODEL_OPTIONS = 32    # known paths of one call beyond which the choice is not asked as one disjunction
    # Fewest calls for which a failed first leaf is followed by the choice read off one
    # model.  A model's choice depends on what z3 was asked before, so with it the lazy
    # half's inputs left the lazy search's own (calc_lex, n = 8: its 12th input of 250
    # missing from the default's 501, though the counts of choices, probes and abstract
    # paths were the same), against interleave.py's promise; where a choice has few
    # calls its steps are cheap.  calc_lex's choices have at most 20 calls (calc_ops2,
    # n = 10), PL/0's up to 23, incdec's 7 to 61, and its steps failed from 46 on.
    MODEL_CALLS = 21

    def __init__(self, stats: Any, *, solver: Solver | None, domains: dict, functions: dict,
                 memo: bool, callee_deepest_first: bool, later=None, probe: bool = True,
                 seen: dict | None = None) -> None:
        self.stats = stats
        self.solver = solver                  # for choosing known paths (section 4.1's conjunction as a guess)
        self.domains = domains                # input domains (bounded strings), as the engine gives them
        self.functions = functions            # qualified name -> intercepted function (its signature)
        self.memo = Expansions(functions) if memo else None
        self.callee_deepest_first = callee_deepest_first
        self.later = later                    # which flips of a callee's search to postpone (ScopeSearch.pop)
        self.seen = seen if seen is not None else {}   # function -> results its real runs returned
        self.unsure = 0   # divergences, unknown answers, imprecise runs: an enumeration was not exhaustive
        self.probing = 0  # inside the probes (bounded on their own: not counted against a concretization's budget)
        self._rest_cache: dict = {}
        self._failed_choices: dict[int, tuple] = {}   # id(target) -> (target, failed all-at-once choices)
        self._probed_targets: dict[int, View] = {}    # id(target) -> target, abstract paths probed (probe.py)
        self.prober = Prober(self) if memo and probe else None

    @staticmethod
    def _run(cand: Candidate):
        """Ask the engine to run `cand`; the answer is a View or a Rejected."""
        return (yield cand)

    def concretize(self, scope: CallId, target: View, run: View, k, outer: tuple[Term, ...] = ()):
        """Expand the abstract calls `scope` made on `run` (whose control path in
        `scope` is `target`'s), in order; call k on each full concretization.
        `outer`: what the callers need of this scope (their rest, over this scope's
        abstract results: the paper's phi handed down to next_path), used only to
        choose which known paths to try."""
        pending = run.abstract_calls(scope)
        if not pending:
            return (yield from k(run))
        if self._failed_choices.get(id(target), (None, 0))[1] < self.CHOICE_FAILURES and \
                (yield from self._all_at_once(scope, target, run, k, outer)):
            return True
        i = pending[0]
        cid = run.ids[i]

        def stitched(crun: View):
            end = crun.span(cid)[1]
            srun = yield from self._stitch(scope, target, crun, end)
            if srun is None:
                return False
            return (yield from self.concretize(scope, target, srun, k, outer))

        return (yield from self._next_path(scope, target, run, i, stitched, outer))

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
                self.unsure += 1
                return None
            run = got

    def _next_path(self, scope: CallId, target: View, run: View, i: int, k, outer: tuple[Term, ...] = ()):
        """Enumerate the concrete paths of call i of `run` in its context (the path
        before it kept), known ones first; k on each until k succeeds."""
        self.stats.expansions += 1
        record = run.calls[i]
        cid = run.ids[i]
        prefix = run.path[:record.start]
        expect0 = decisions(prefix)
        plan = run.plan.with_expanded(cid)
        tried: set[tuple] = set()
        unsure0 = self.unsure
        key = context = None
        # On this abstract path the call raised (policy.AbstractRaise): only a real
        # path of it that raises can follow, and no result is to be guessed.
        ti = target.index.get(cid)
        raising = ti is not None and target.calls[ti].raised is not None
        if self.memo is not None:
            fn = self.functions.get(record.qualname)
            key = call_key(record, fn) if fn is not None else None
            if key is not None:
                links = formal_links(fn, record.args, record.kwargs, cid)
                context = relevant_context(prefix, record, links, cid)
                expect_links = expect0 + ((record.site, True),) * len(links)
                for known in self.memo.known(key):
                    if (known.result is None) != raising or known.decisions in tried:
                        continue
                    known = known.at(cid)
                    guess = () if raising else self._guess(scope, target, run, cid, known, outer)
                    if guess is None:
                        continue
                    # The prefix holds for run.assignment; what is new goes last as one
                    # conjunction, so independence slicing keeps all of it.
                    cand = Candidate((*(b.constraint for b in prefix), build.and_(*links, *known.constraints, *guess)),
                                     run.assignment, expect_links + known.decisions, run.plan.with_deep(cid))
                    got = yield from self._run(cand)
                    if isinstance(got, Rejected) or not got.follows(cand.expect):
                        continue
                    self.stats.memo_tried += 1
                    tried.add(known.decisions)
                    if (yield from k(got)):
                        self.memo.used(known)
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
                if (yield from self.concretize(cid, got, got, once, self._handed_down(scope, target, run, i, got, outer))):
                    return True
            else:
                self.unsure += 1
                if cand is not None:
                    search.diverged(cand)
            cand = search.pop(self.later)
            if cand is None:
                break
            got = yield from self._run(cand)
        if key is not None and self.unsure == unsure0:
            self.memo.mark_complete(key, context)
        return False

    @staticmethod
    def _expanded_results(target: View, run: View) -> dict[Term, Term]:
        """alpha -> real result, for the calls abstract in `target` that `run` expanded."""
        mapping = {}
        for j, c in enumerate(run.calls):
            if c.mode != "expanded":
                continue
            tj = target.index.get(run.ids[j])
            if tj is None or target.calls[tj].mode != "abstract":
                continue
            a, r = term_of(target.calls[tj].result), term_of(c.result)
            if a is not None and a.op == "var" and r is not None and r.sort is a.sort:
                mapping[a] = r
        return mapping

    def _rest_terms(self, scope: CallId, target: View, after: int) -> tuple[Term, ...]:
        """`target`'s constraints in `scope` from position `after` on."""
        key = (id(target), scope, after)
        hit = self._rest_cache.get(key)
        if hit is None or hit[0] is not target:
            if len(self._rest_cache) > 256:
                self._rest_cache.clear()
            hit = self._rest_cache[key] = (target, tuple(target.path[p].constraint
                                                          for p in target.owned(scope) if p >= after))
        return hit[1]

    def _rest(self, scope: CallId, target: View, after: int, mapping: dict[Term, Term],
              outer: tuple[Term, ...] = ()) -> tuple[Term, ...] | None:
        r"""`target`'s constraints in `scope` from position `after` on, and what the
        callers need (`outer`), with the abstract results in `mapping` replaced by
        real ones: the conceptual algorithm's phi /\ psi (section 4.1).  None if one
        of them is then false."""
        return _assign((*self._rest_terms(scope, target, after), *outer), mapping)

    def _handed_down(self, scope: CallId, target: View, run: View, i: int, erun: View,
                     outer: tuple[Term, ...]) -> tuple[Term, ...]:
        """What call i must achieve for `scope`, over the abstract results of its own
        calls on `erun` (one of its abstract paths): the rest of `target` after it and
        `outer`, with its abstract result replaced by what it returned on `erun`."""
        cid = run.ids[i]
        ti, ei = target.index.get(cid), erun.index.get(cid)
        if ti is None or ei is None or erun.calls[ei].raised is not None:
            return ()
        alpha, result = term_of(target.calls[ti].result), term_of(erun.calls[ei].result)
        if alpha is None or alpha.op != "var" or result is None or result.sort is not alpha.sort:
            return ()
        mapping = self._expanded_results(target, run)
        mapping[alpha] = result
        handed = self._rest(scope, target, target.calls[ti].end, mapping, outer)
        # Only what bears on the call's result matters down there (the rest is the
        # caller's business, and would only make the guesses bigger).
        return () if handed is None else tuple(t for t in handed if not t.free.isdisjoint(result.free))

    def _fits(self, scope: CallId, target: View, after: int, alpha: Term, value: Term,
              outer: tuple[Term, ...] = ()) -> bool:
        """Cheap test: does no constraint of the rest become false once `alpha` is `value`?"""
        for c in (*self._rest_terms(scope, target, after), *outer):
            if alpha in c.free:
                t = substitute(c, {alpha: value})
                if t.op == "const" and not t.value:
                    return False
        return True

    def _guess(self, scope: CallId, target: View, run: View, cid: CallId, known: KnownPath,
               outer: tuple[Term, ...] = ()) -> tuple[Term, ...] | None:
        """The rest of `target` after call `cid`, if `cid` takes path `known`: used to
        choose which known path to run; the run is checked like any other."""
        ti = target.index.get(cid)
        if ti is None:
            return ()
        alpha = term_of(target.calls[ti].result)
        if alpha is None or alpha.op != "var" or known.result is None or known.result.sort is not alpha.sort:
            return None
        mapping = self._expanded_results(target, run)
        mapping[alpha] = known.result
        return self._rest(scope, target, target.calls[ti].end, mapping, outer)

    def _choose(self, scope: CallId, target: View, after: int, prefix: tuple[Term, ...], calls: list,
                mapping: dict[Term, Term], outer: tuple[Term, ...]):
        """A known path for each call such that, together, they and the rest of
        `target` are satisfiable: a depth-first search over the calls' known paths,
        pruned by constant folding and by a solver query per step (no run; at most
        `CHOICE_QUERIES` of them).  Measured on calc.py (3 operations, n = 12, 60 s):
        choosing by folding alone and letting the final candidate's query check the
        choice was refused half the time and got through 286 abstract paths; with a
        query per step, 360.  Returns (constraints, rest) or None.

        The search's first leaf is asked first, in one query: the first known path
        of each call that folding does not rule out.  If that conjunction is
        satisfiable, so was each step's query on the way to it (each is implied by
        it), so the search would have chosen exactly it: one query instead of one
        per call.  Only when it is not does the search go step by step.  On
        incdec (every abstract path a chain of `inc` and `dec` calls, 7 to 40 of
        them, whose first known paths nearly always fit) the choices cost one
        query per call, 2,555 of the lazy search's 3,465 queries in 100 runs
        (notes/s7-latest2.md)."""
        budget = [self.CHOICE_QUERIES + 2 * len(calls)]

        def pick(j: int, chosen: tuple[Term, ...], mapping: dict[Term, Term], rest: tuple[Term, ...],
                 first: bool):
            """The choice for calls j.. (chosen, rest, known paths used), or None;
            `first`: the first leaf only, no queries."""
            if j == len(calls):
                return chosen, rest, ()
            cid, alpha, links, options, args = calls[j]
            if options is None:   # runs concretely if its arguments are constants by now
                result = self._concrete_result(args, mapping)
                after_call = None if result is None else _assign(rest, {alpha: result})
                return None if after_call is None else \
                    pick(j + 1, chosen, {**mapping, alpha: result}, after_call, first)
            # Arguments may be earlier calls' results: use the chosen paths'.  A formal
            # bound to a constant is replaced by it, so the call's known path folds to
            # the constraints on the inputs it really adds (positions in a string are
            # constants once the calls before them took their paths).
            bound, open_links = {}, []
            for link in links:
                link = substitute(link, mapping)
                formal, actual = link.args
                if actual.op == "const":
                    bound[formal] = actual
                else:
                    open_links.append(link)
            for known in options:
                known = known.at(cid)
                added = _assign(known.constraints, bound)
                result = substitute(known.result, bound)
                after_call = None if added is None else _assign(rest, {alpha: result})
                if after_call is None:
                    continue
                new = (*open_links, *added)
                if not first and (new or after_call != rest):
                    if budget[0] <= 0:
                        return None
                    budget[0] -= 1
                    # What was chosen stays separate and in order, so the solver keeps it
                    # on its stack across these queries; each query adds one candidate.
                    if not self._satisfiable((*prefix, *chosen, build.and_(*new, *after_call))):
                        continue
                found = pick(j + 1, (*chosen, *new), {**mapping, **bound, alpha: result}, after_call, first)
                if found is not None:
                    return found[0], found[1], (known, *found[2])
                if first or budget[0] <= 0:
                    return None
            return None

        rest = self._rest(scope, target, after, mapping, outer)
        if rest is None:
            return None
        found = pick(0, (), dict(mapping), rest, True)
        if found is not None and (found[0] or found[1]) and \
                not self._satisfiable((*prefix, build.and_(*found[0], *found[1]))):
            found = None
        if found is None:
            found = self._by_model(prefix, calls, mapping, rest)
            if found is False:
                return None    # no combination of known paths fits
        if found is None:
            found = pick(0, (), dict(mapping), rest, False)
        if found is None:
            return None
        for known in found[2]:
            self.memo.used(known)
        return found[0], found[1]

    def _by_model(self, prefix: tuple[Term, ...], calls: list, mapping: dict[Term, Term],
                  rest: tuple[Term, ...]):
        r"""The choice in one query, when its first leaf failed: every call's known
        paths as one disjunction (links /\ (path_1 /\ alpha = result_1 \/ ...)),
        conjoined with the rest, and from a model each call's first known path that
        holds in it (one does: the model satisfies the disjunction; together they
        satisfy the rest).  The depth-first search chose known paths one query at a
        time and gave up after its budget where the countdown of incdec needs its
        coarse steps first (46 to 61 calls: 135 to 163 queries, then the backward
        choice of probe.py another 50 to 80; notes/s7-latest2.md).  Unsatisfiable:
        no combination of known paths fits, so the search would have failed too (each
        of its leaves implies this query): False.  Otherwise (chosen, rest, known
        paths), or None to let the search decide (a call run concretely, too many
        known paths, a model that does not say)."""
        if len(calls) < self.MODEL_CALLS or \
                any(options is None or len(options) > self.MODEL_OPTIONS for _, _, _, options, _ in calls):
            return None
        linked, choices = [], []
        for cid, alpha, links, options, _ in calls:
            linked.append(tuple(substitute(link, mapping) for link in links))
            choices.append([build.and_(*kp.constraints, build.eq(alpha, kp.result))
                            for kp in (known.at(cid) for known in options)])
        self.stats.choice_queries += 1
        if self.solver is None:
            return None
        # One conjunction last, as the search's steps ask theirs: independence slicing
        # keeps what is connected to the last constraint, and all of this is new.
        query = (*prefix, build.and_(*(build.and_(*links, build.or_(*terms)) for links, terms in zip(linked, choices)),
                                     *rest))
        answer = self.solver.check(Query(query, self.domains))
        if answer.status is Status.UNSAT:
            return False
        if answer.status is not Status.SAT or answer.model is None:
            return None
        chosen, used = [], []
        for links, terms, (_, _, _, options, _) in zip(linked, choices, calls):
            j = next((j for j, t in enumerate(terms) if _holds(t, answer.model)), None)
            if j is None:
                return None
            chosen += [*links, terms[j]]
            used.append(options[j])
        return tuple(chosen), rest, tuple(used)

    def _concrete_result(self, call: tuple, mapping: dict[Term, Term]) -> Term | None:
        """The result a call whose arguments are constants under `mapping` returned when
        it last ran with them, or None (not constant, or never seen)."""
        qualname, args, kwargs = call
        values = []
        for t in (*args, *kwargs.values()):
            t = None if t is None else substitute(t, mapping)
            if t is None or t.op != "const":
                return None
            values.append(t.value)
        return self.memo.result(qualname, tuple(values[:len(args)]), dict(zip(kwargs, values[len(args):])))

    def _satisfiable(self, constraints: tuple[Term, ...]) -> bool:
        self.stats.choice_queries += 1
        return self.solver is not None and self.solver.check(Query(constraints, self.domains)).status is Status.SAT

    def _all_at_once(self, scope: CallId, target: View, run: View, k, outer: tuple[Term, ...] = ()):
        """Every abstract call `scope` made on `run`, from known paths at once: for
        each in turn, the first known path consistent with those chosen before and
        with the rest of `target` (solver queries, no run); then one run with all of
        them expanded, stitched like any other.  False when some call has no fitting
        known path, the run cannot be stitched, or k declines it."""
        pending = run.abstract_calls(scope)
        if self.memo is None or len(pending) < 2:
            return False
        first = run.calls[pending[0]]
        ti = target.index.get(run.ids[pending[0]])
        if ti is None:
            return False
        after = target.calls[ti].end
        mapping = self._expanded_results(target, run)
        calls = []
        for i in pending:   # cheap first: every call needs a known path that fits on its own
            record, cid = run.calls[i], run.ids[i]
            fn = self.functions.get(record.qualname)
            key = call_key(record, fn) if fn is not None else None
            alpha = term_of(record.result)
            if key is None or alpha is None or alpha.op != "var":
                return False
            known = self.memo.known(key)
            options = [kp for kp in known if kp.result is not None and kp.result.sort is alpha.sort
                       and (kp.result.op != "const" or self._fits(scope, target, after, alpha, kp.result, outer))]
            if not options:
                if known:
                    # Known paths, none returning what the abstract path needs (no
                    # `number_value` path returning the divisor 0): find one (probe.py).
                    return (yield from self._probed(scope, target, run, k, outer))
                # Never expanded yet: fine if its arguments come out constant once the
                # calls before it take their chosen paths (then it just runs, section 4.4).
                options = None
            args = (record.qualname, tuple(term_of(a) for a in record.args),
                    {name: term_of(a) for name, a in record.kwargs.items()})
            calls.append((cid, alpha, formal_links(fn, record.args, record.kwargs, cid), options, args))
        prefix = tuple(b.constraint for b in run.path[:first.start])
        picked = self._choose(scope, target, after, prefix, calls, mapping, outer)
        if picked is None:
            if len(self._failed_choices) > 4096:
                self._failed_choices.clear()
            failed = self._failed_choices.get(id(target), (None, 0))[1]
            self._failed_choices[id(target)] = (target, failed + 1)
            self.stats.choices_failed += 1
            # Every call has a known path that fits on its own and the solver refused
            # their combinations (calc_lex's deep bug: no known values of three
            # `number_value` calls make `a - b - c == 42`): probe too.
            return (yield from self._probed(scope, target, run, k, outer))
        chosen, rest = picked
        plan = run.plan
        for cid, _, _, options, _ in calls:
            if options is not None:
                plan = plan.with_deep(cid)
        return (yield from self._run_choice(scope, target, run, (*chosen, *rest), plan, k))

    def _run_choice(self, scope: CallId, target: View, run: View, chosen: tuple[Term, ...], plan, k):
        """One run of `run` with the pending calls taking the paths `chosen` says
        (solved with the path before the first of them), stitched; k on it."""
        first = run.calls[run.abstract_calls(scope)[0]]
        prefix = tuple(b.constraint for b in run.path[:first.start])
        expect = decisions(run.path[:first.start])
        self.stats.all_at_once += 1
        got = yield from self._run(Candidate((*prefix, build.and_(*chosen)), run.assignment, expect, plan))
        if isinstance(got, Rejected):
            return False
        if not got.follows(expect):
            return False
        srun = yield from self._stitch(scope, target, got, first.start)
        if srun is None or srun.abstract_calls(scope):
            return False
        self.stats.all_at_once_stitched += 1
        return (yield from k(srun))

    def _probed(self, scope: CallId, target: View, run: View, k, outer: tuple[Term, ...]):
        """The failed all-at-once choice made again from the end, with probes
        (probe.py), once per abstract path of the function under test; False if
        that fails too.  Not for a callee's own abstract paths (`scope` not ROOT):
        while one abstract path of the target is concretized, its callees' searches
        make many of those, each with a budget of its own, so the probes' runs were
        unbounded per abstract path of the target (PL/0, n = 16, lazy search alone:
        the 12th of the target's abstract paths held runs 400 to 2,000 and more, its
        callees' abstract paths probed 22 times, 611 probe runs, 2 found; before the
        probes, 355 abstract paths by run 2,000; notes/s6-latest.md)."""
        if self.prober is None or scope != ROOT or id(target) in self._probed_targets:
            return False
        if len(self._probed_targets) > 4096:
            self._probed_targets.clear()
        self._probed_targets[id(target)] = target
        pending = run.abstract_calls(scope)
        first = run.calls[pending[0]]
        ti = target.index.get(run.ids[pending[0]])
        if ti is None:
            return False
        rest = self._rest(scope, target, target.calls[ti].end, self._expanded_results(target, run), outer)
        if rest is None:
            return False
        prefix = tuple(b.constraint for b in run.path[:first.start])
        self.probing += 1
        try:
            terms = yield from self.prober.choose(scope, target, run, pending, (*prefix, *rest))
        finally:
            self.probing -= 1
        if terms is None:
            return False
        plan = run.plan
        for i in pending:
            plan = plan.with_deep(run.ids[i])
        return (yield from self._run_choice(scope, target, run, (*terms, *rest), plan, k))
