r"""Iterated probing: the all-at-once choice made from the abstract path's end,
exploring a call alone when none of its known paths gives what the calls after it
need (issue 12 item 3; notes/s5-latest.md).

Why.  The all-at-once choice (`Concretizer._all_at_once`) picks known paths front
to back; when it fails, concretization expands the calls in order (Figure 5) and
backtracks chronologically.  On a table-driven lexer, whose paths differ in one
character's value, that order is fatal: on `calc_lex` (`8/0`, the divisor
`number_value@9 == 0`) the second number's first digit was fixed to '1' by
`token_kind@7`'s known path before anything asked for a 0, and thousands of runs
then enumerated `number_end@8`'s digit strings (10, 11, ..., 1310) in between.

What.  Needs flow backwards: the abstract path's rest (the caller's branches over
the abstract results) is what the last call must satisfy; the last call's chosen
path (its constraints on the input and on its arguments, which are earlier calls'
abstract results) is then what the call before it must satisfy, and so on to the
first.  So the choice is made from the last call to the first, each step one
solver query with the earlier calls' results left free:

    choose j, needs  = for each known path p of call j (most used first):
                           if prefix /\ needs /\ p is satisfiable:
                               choose j-1, needs /\ p;  stop if it succeeds
                       if none did: probe j, needs; if it found a new path, try it
    probe j, needs   = explore call j alone (the calls before it abstract, their
                       results drawn from the model), every candidate conjoined
                       with needs, until a path of j fits needs, its candidates
                       run out, or the budget is spent

When call 0 is chosen, one run with every call expanded (the chosen paths' constraints
solved together) is stitched like any all-at-once run.  Everything here only chooses
what to run: a probe's runs are ordinary runs (their callee paths are learned as
known paths), and a probe whose search ran out proves nothing (its candidates carry
the needs, so refused ones say nothing of the call), so no abstract path is refuted
here; if the choice fails, concretization goes on in order as before, and its
refutations stay the only ones.  Bounded per abstract path: `RUNS` runs and
`QUERIES` solver queries.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from smartest.search.protocol import Candidate, decisions
from smartest.strategies.latest.expansions import KnownPath, call_key
from smartest.strategies.latest.policy import CallId, formal_links
from smartest.strategies.latest.scopes import ScopeSearch, View
from smartest.solver.protocol import Query, Status
from smartest.symbolic.realize import term_of
from smartest.terms import Sort, Term, build, const
from smartest.terms.rewrite import substitute


class Budget:
    """Runs and solver queries one abstract path's probing may spend."""

    def __init__(self, runs: int, queries: int) -> None:
        self.runs = runs
        self.queries = queries

    @property
    def spent(self) -> bool:
        return self.runs <= 0 or self.queries <= 0


class Prober:
    """The backward choice with probes, for one concretizer (its memo, solver, stats)."""

    RUNS = 600       # runs of probes per abstract path
    QUERIES = 3000   # solver queries per abstract path
    CALL_RUNS = 300  # runs of one probe

    def __init__(self, concretizer: Any) -> None:
        self.c = concretizer

    def choose(self, scope: CallId, target: View, run: View, pending: list[int], base: tuple[Term, ...]):
        """Generator: terms that, solved together, make every pending call of `run`
        take a known path fitting the rest of `target`, or None.  `base`: the
        constraints before the first pending call and the rest of `target` (over
        the pending calls' abstract results)."""
        c = self.c
        calls = []
        for i in pending:
            record, cid = run.calls[i], run.ids[i]
            fn = c.functions.get(record.qualname)
            key = call_key(record, fn) if fn is not None else None
            alpha = term_of(record.result)
            ti = target.index.get(cid)
            if key is None or alpha is None or alpha.op != "var" or ti is None \
                    or target.calls[ti].raised is not None:
                return None
            if not c.memo.known(key):
                return None    # never expanded: the order's own expansion will learn it
            calls.append((i, cid, key, alpha, tuple(formal_links(fn, record.args, record.kwargs, cid))))
        # Left free, an earlier call's result passed to a later call is any integer, and
        # the probes find paths at negative positions that no real call returns: guess
        # such arguments within what real calls of the function returned (at least the
        # least of them).  Only arguments: a result the path tests (a divisor of 0) may
        # well be one no real call has returned yet.
        arguments = set().union(*(link.free for call in calls for link in call[4]))
        for i, _, _, alpha, _ in calls:
            floor = self._floor(run.calls[i].qualname)
            if floor is not None and alpha.sort is Sort.INT and alpha in arguments:
                base = (*base, build.le(const(floor), alpha))
        budget = Budget(self.RUNS, self.QUERIES)
        c.stats.probed_paths += 1
        found = self._first(calls, base, budget)
        if found is None:
            found = yield from self._choose(scope, target, run, calls, len(calls) - 1, base, (), budget)
        if found is not None:
            c.stats.probe_choices += 1
        return found

    def _floor(self, qualname: str) -> int | None:
        seen = [v for v in self.c.seen.get(qualname, ()) if type(v) is int]
        return min(seen) if seen else None

    def _terms(self, call: tuple, known: KnownPath) -> tuple[Term, ...]:
        """Call `call` takes path `known`: its links, its branches, its result."""
        _, cid, _, alpha, links = call
        known = known.at(cid)
        return (*links, *known.constraints, build.eq(alpha, known.result))

    def _first(self, calls: list, base: tuple[Term, ...], budget: Budget) -> tuple[Term, ...] | None:
        """The backward search's first leaf, asked in one query: for each call from
        the last, its first known path that folding does not rule out.  If that is
        satisfiable, each step's query on the way to it was (each is implied by
        it), so `_choose` would return exactly it, at one query per call (incdec:
        46 to 61 calls per abstract path once the countdown needs coarse steps;
        notes/s7-latest2.md).  None: ask `_choose`."""
        chosen: tuple[Term, ...] = ()
        for call in reversed(calls):
            known = next((kp for kp in self.c.memo.known(call[2]) if self._folds(base, chosen, call, kp)), None)
            if known is None:
                return None
            chosen = (*self._terms(call, known), *chosen)
        # The whole choice last, one conjunction: independence slicing keeps what is
        # connected to the last constraint, so a choice split over several would be
        # asked only in part.
        return chosen if self._ask((*base, build.and_(*chosen)), budget) else None

    def _folds(self, base: tuple[Term, ...], chosen: tuple[Term, ...], call: tuple, known: KnownPath) -> bool:
        """Constant folding: does nothing the base and the later calls' choices say
        rule out `known` for `call` (a result the rest forbids)?"""
        alpha = call[3]
        if known.result is None or known.result.sort is not alpha.sort:
            return False
        result = known.at(call[1]).result
        if result.op == "const":
            for t in (*base, *chosen):
                if alpha in t.free:
                    folded = substitute(t, {alpha: result})
                    if folded.op == "const" and not folded.value:
                        return False
        return True

    def _ask(self, constraints: tuple[Term, ...], budget: Budget) -> bool:
        budget.queries -= 1
        self.c.stats.probe_queries += 1
        return self.c.solver is not None and \
            self.c.solver.check(Query(constraints, self.c.domains)).status is Status.SAT

    def _fits(self, base: tuple[Term, ...], chosen: tuple[Term, ...], call: tuple, known: KnownPath,
              budget: Budget) -> bool:
        """Is `known` for `call` consistent with the base and the later calls' choices?
        Constant folding first, then one query."""
        if not self._folds(base, chosen, call, known):
            return False
        # The later choices stay separate and in order (the solver keeps them on its
        # stack); the candidate goes last, one conjunction.
        return self._ask((*base, *chosen, build.and_(*self._terms(call, known))), budget)

    def _choose(self, scope: CallId, target: View, run: View, calls: list, j: int, base: tuple[Term, ...],
                chosen: tuple[Term, ...], budget: Budget):
        if j < 0:
            return chosen
        call = calls[j]
        tried: set[tuple] = set()
        while not budget.spent:
            fresh = [kp for kp in self.c.memo.known(call[2]) if kp.decisions not in tried]
            for known in fresh:
                tried.add(known.decisions)
                if budget.spent:
                    return None
                if not self._fits(base, chosen, call, known, budget):
                    continue
                got = yield from self._choose(scope, target, run, calls, j - 1, base,
                                              (*self._terms(call, known), *chosen), budget)
                if got is not None:
                    return got
            new = yield from self._probe(run, call, (*base, *chosen), tried, budget)
            if new is None:
                return None
        return None

    def _probe(self, run: View, call: tuple, needs: tuple[Term, ...], tried: set, budget: Budget):
        """Explore call `call` of `run` alone, every candidate conjoined with `needs`,
        until a path not in `tried` fits `needs` (returned) or the search ends."""
        c = self.c
        i, cid, key, _, _ = call
        record = run.calls[i]
        plan = run.plan.with_expanded(cid)
        expect0 = decisions(run.path[:record.start])
        need = build.and_(*needs)
        c.stats.probes += 1
        search = ScopeSearch(cid, plan, c.callee_deepest_first)
        cand = Candidate((*(b.constraint for b in run.path[:record.start]), need), run.assignment, expect0, plan)
        checked: set[tuple] = set()
        runs = self.CALL_RUNS
        while not budget.spent and runs > 0:
            runs -= 1
            budget.runs -= 1
            c.stats.probe_runs += 1
            got = yield from c._run(cand)
            if not isinstance(got, View):
                if cand.origin is None:
                    return None    # the needs contradict the path before the call
                search.rejected(cand, got.status)
            elif got.follows(cand.expect) and got.index.get(cid) is not None \
                    and got.calls[got.index[cid]].mode == "expanded":
                search.add(got, cand)
                ci = got.index[cid]
                if not got.fully_concrete(ci):
                    return None    # a callee with abstract calls of its own: not probed
                d = got.decisions_of(ci)
                known = c.memo.path(key, d)
                if known is not None and d not in tried and d not in checked:
                    checked.add(d)
                    if self._fits((), needs, call, known, budget):
                        c.stats.probe_found += 1
                        return known
            elif cand.origin is not None:
                search.diverged(cand)
            else:
                return None    # the first run did not reach the call as expected
            nxt = search.pop()
            if nxt is None:
                return None
            # The needs ride on the flip's own (last) constraint, so slicing keeps them.
            cand = replace(nxt, constraints=(*nxt.constraints[:-1], build.and_(nxt.constraints[-1], need)))
        return None
