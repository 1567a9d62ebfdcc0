"""LATEST: lazy expansion of called functions (Majumdar & Sen, UCB/EECS-2007-36).

    LATEST f = for each abstract path pi of f (abstract_next_path, Figure 4):
                   concretize pi (Figure 5, `concretize.py`)

The function under test is explored depth-first with every input-dependent call
abstracted (`calls/lazy.py`); each new abstract path is then concretized: its calls
are expanded on demand until a real run follows it, or it is proved impossible.
Only real runs (no call abstracted) reach the engine's report, so an abstract path
is never mistaken for a reachable one.

The engine loop runs one execution at a time, so LATEST is a generator that yields
the `Candidate` it needs run and receives the run (`View`) or the solver's refusal
(`Rejected`); `select`, `update` and `rejected` drive it.

Order.  Abstract paths are explored in the paper's depth-first order, but an
abstract path is **implausible** when a callee's abstract result does something no
real result of that function has done so far: drive one of the runtime's implicit
checks of the caller to its failing side (a negative or out-of-range index, a
string `int()` cannot parse), raise where no real call of that function has raised
so far, or fall on a side of an order comparison that none of the function's
observed results falls on (`number_value@9 < 0` when every number read so far was
>= 0; equality tests are how callers dispatch on results, and are not judged).  Such
paths are concretized last, when their verdict may have become plausible or all
plausible ones are done: callees that have been unit tested rarely return such
values, and refuting one means enumerating the callee.  The flips below an
implausible decision keep it, so they wait too.  Nothing is skipped, only
postponed.

The end.  An empty frontier means every abstract path of the target was concretized
or refuted, which is less than DART's claim: a side inside an expanded callee that
no abstract path needed (a helper's branch the caller never tests, or tests only
through the abstract value) was never run, nor a bug on it (issue 12: 247 of 500
random programs).  So the searcher says so (`uncovered`), and the engine then runs
its fallback, DART's negation of every branch of the real runs, with every call
expanded (`EXPAND_ALL`), to its end before `complete`: the lazy search first, as
the paper orders it, and DART's relative completeness after.  That is the order
with `interleave` off; by default DART's search takes turns with this one from the
start (interleave.py), and ends the search when its frontier is empty.
"""
from __future__ import annotations

import dis
from dataclasses import dataclass, fields
from typing import Any

from smartest.calls.intercept import own_modules
from smartest.calls.purity import CodeTable, all_functions
from smartest.strategies.latest.abstract_spec import resolve_abstract
from smartest.strategies.latest.policy import (ALPHA_MARK, EMPTY_PLAN, EXPAND_ALL, ROOT, LazyPolicy, is_alpha,
                                               is_raise_flag)
from smartest.strategies.latest.concretize import Concretizer, Rejected
from smartest.strategies.latest.interleave import InterleavedLatest
from smartest.search.protocol import Candidate, ExploredRun
from smartest.strategies.latest.scopes import ScopeSearch, View
from smartest.solver.chain import build_solver_chain
from smartest.solver.protocol import Status
from smartest.strategies.settings import flag
from smartest.symbolic.inputs import prepare_inputs
from smartest.symbolic.realize import realize, term_of
from smartest.terms import Term
from smartest.terms.evaluate import evaluate
from smartest.trace.site import Site


@dataclass
class LatestStats:
    abstract_runs: int = 0       # runs with at least one call abstracted
    concrete_runs: int = 0       # real executions (reported as tests)
    abstract_paths: int = 0      # paths of the function under test found with its calls abstracted
    concretized: int = 0         # ... of which a real run followed
    refuted: int = 0             # ... proved impossible (no stitchable paths of the callees)
    deferred: int = 0            # ... implausible when found, concretized later
    parked: int = 0              # concretizations parked past their budget of candidates, resumed later
    expansions: int = 0          # next_path invocations (a call expanded in a context)
    stitch_steps: int = 0        # runs asked for to force the rest of an abstract path
    memo_tried: int = 0          # known paths of a call run in a new context
    memo_refuted: int = 0        # expansions answered by known paths alone
    all_at_once: int = 0         # abstract paths tried with every call from known paths, one run
    all_at_once_stitched: int = 0  # ... that the run followed
    choice_queries: int = 0      # solver queries of the all-at-once choice (no run)
    choices_failed: int = 0      # all-at-once choices that found no fitting known paths
    probed_paths: int = 0        # abstract paths whose failed choice was made again from the end (probe.py)
    probe_choices: int = 0       # ... that found a known path for every call
    probes: int = 0              # calls explored alone for a path the later calls need
    probe_found: int = 0         # ... that found one
    probe_runs: int = 0          # runs of those explorations
    probe_queries: int = 0       # solver queries of the backward choice and the probes
    lazy_runs: int = 0           # runs LATEST's own search asked for (interleave.py)
    lazy_rejected: int = 0       # ... candidates of it the solver turned down
    lazy_diverged: int = 0       # ... runs that left the predicted path (guesses: not the engine's divergences)
    dart_runs: int = 0           # runs of DART's half (interleave.py), every call run inline
    dart_rejected: int = 0       # ... candidates of it the solver turned down
    ended_by: str = ""           # whose frontier ended the search: "dart" or "lazy"

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


# Not judged: explicit tests, and arithmetic (a zero divisor).  A divisor that
# depends on an abstract result is as often the bug searched for as a value no
# real call returns (issue 12: "1/0" in a token-list calculator, where the
# divisor is int(s[i:j]) over an abstract j, was postponed behind every other
# abstract path).
_EXPLICIT = {"FOR_ITER", "UNARY_NOT", "TO_BOOL", "BINARY_OP"}
_IMPLICIT_SITES: dict[Site, bool] = {}
_SEEN_PER_FUNCTION = 256


def implicit(site: Site) -> bool:
    """Was this branch an implicit check of the runtime (an index bound, a divisor,
    a character range) rather than a test written in the code (a jump)?"""
    known = _IMPLICIT_SITES.get(site)
    if known is None:
        code = site.code.co_code
        name = dis.opname[code[site.offset]] if 0 <= site.offset < len(code) else ""
        known = _IMPLICIT_SITES[site] = not ("JUMP" in name and "IF" in name) and name not in _EXPLICIT
    return known


def _guessed_arguments(call) -> bool:
    """Does an argument of `call` depend on an abstract result?  Then what the call
    did (raise, return) says nothing of what it does in real runs: a probe
    (probe.py) runs `number_value(s, i, j)` with `j` drawn past the end of `s`,
    and its IndexError made every abstract path on which the lexer raises look
    plausible (calc_lex, n = 8: the search then stalled on one)."""
    for a in (*call.args, *call.kwargs.values()):
        t = term_of(a)
        if t is not None and any(is_alpha(v.value) for v in t.free):
            return True
    return False


def _accept(view: View):
    """The continuation of the function under test: the first concretization will do."""
    return True
    yield  # pragma: no cover  (makes this a generator)


class LatestSearcher:
    # Candidates (outside the probes) one concretization may ask before it is parked
    # (`_drive`).  The first concretizations of PL/0 learn the lexer's paths, 130 and
    # 190 runs; at 32 nothing was ever concretized (notes/s8-latest3.md).
    PARK_AFTER = 128
    # For the engine (search/protocol.py): what an empty frontier leaves, and the plan
    # of its fallback's runs.
    uncovered = "LATEST's frontier ends when every abstract path is concretized or refuted: sides inside " \
                "expanded callees that no abstract path needed were not run"
    fallback_directive = EXPAND_ALL

    def __init__(self, *, solver=None, domains: dict | None = None, functions: dict | None = None,
                 memo: bool = True, callee_deepest_first: bool = False, top_deepest_first: bool = True,
                 probe: bool = True) -> None:
        self.stats = LatestStats()
        self.raisers: set[str] = set()     # functions (short names, as in alpha names) a real run saw raise
        self.seen: dict[str, set] = {}     # function -> results its real runs returned
        self._settings = {"solver": solver, "domains": domains or {}, "memo": memo,
                          "functions": functions if functions is not None else {},
                          "callee_deepest_first": callee_deepest_first, "probe": probe}
        self._top_deepest_first = top_deepest_first
        self._begin()

    def _begin(self) -> None:
        self.concretizer = Concretizer(self.stats, later=self.unseen_raise, seen=self.seen, **self._settings)
        self.top = ScopeSearch(ROOT, EMPTY_PLAN, deepest_first=self._top_deepest_first)
        self._deferred: list[View] = []
        self._parked: list[tuple] = []     # concretizations past their budget: (generator, its candidate, budget)
        self._co = None
        self._fresh = False
        self._reply: Any = None

    # -- a region of a parallel exploration (engine/regions.py) -----------------
    def restart(self) -> None:
        """A fresh search of another region of the inputs.  What the abstract-path
        tree and the concretizer hold may rest on a query refused under the last
        region's constraints (an expansion refuted, a callee's known paths taken for
        all of them), so they start afresh; what real runs showed (which functions
        raise, what they return: the plausibility order) holds everywhere and stays.
        The region's first run starts LATEST again (`update`)."""
        self._begin()

    # -- the searcher protocol --------------------------------------------------
    def update(self, run: ExploredRun) -> None:
        view = View(run)
        if view.real:
            self.stats.concrete_runs += 1
        else:
            self.stats.abstract_runs += 1
        c = self.concretizer
        if not run.complete:
            c.unsure += 1
        if c.memo is not None:
            c.memo.learn(view)
        self._observe(view)
        if view.plan is EXPAND_ALL:   # the engine's fallback: DART's negation, after the lazy search
            return
        if self._co is None:          # the first run, or a random restart of the engine
            self._co = self._latest(view)
            self._fresh = True
        else:
            self._reply = view

    def rejected(self, candidate: Candidate, status: Status) -> None:
        if status is not Status.UNSAT:
            self.concretizer.unsure += 1
        self._reply = Rejected(status)

    def stop(self) -> None:
        """Drop the lazy search (DART's half ended the exploration)."""
        self._co = None

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

    # -- LATEST f (Figure 5) ----------------------------------------------------------
    def _latest(self, first: View):
        view, cand = first, None
        while True:
            if view is not None:
                before = self.top.tree.paths
                at = None if view.real else self._implausible_at(view)
                self.top.add(view, cand, diverged=cand is not None and not view.follows(cand.expect),
                             postpone_after=at)
                if self.top.tree.paths > before and not view.real:  # a new abstract path
                    self.stats.abstract_paths += 1
                    if self._implausible(view):
                        self.stats.deferred += 1
                        self._deferred.append(view)
                    else:
                        yield from self._drive(self._concretize(view), self.PARK_AFTER)
            for t in [t for t in self._deferred if not self._implausible(t)]:
                self._deferred.remove(t)
                yield from self._drive(self._concretize(t), self.PARK_AFTER)
            cand = self.top.pop(self.unseen_raise)
            if cand is None:
                if self._deferred:
                    yield from self._drive(self._concretize(self._deferred.pop(0)), self.PARK_AFTER)
                elif self._parked:
                    gen, pending, budget = self._parked.pop(0)
                    yield from self._drive(gen, 2 * budget, pending)
                else:
                    return
                view = None
                continue
            got = yield from self.concretizer._run(cand)
            if isinstance(got, Rejected):
                self.top.rejected(cand, got.status)
                view = None
            else:
                view = got

    def _drive(self, gen, budget: int, pending: Candidate | None = None):
        """Run concretization `gen` for at most `budget` candidates (`pending`: the
        one it asked for when it was parked); past that, park it, to be resumed with
        twice the budget once the frontier is empty.  Postponed, never dropped: the
        search ends only when every parked concretization has finished, so what it
        concretized or refuted is what it was before.  Why: an abstract path that no
        input within the bounds can follow is refuted by enumerating the callees'
        paths behind each other (PL/0, n = 16: `begin a:=0;while` fills 16
        characters, and the lazy search spent runs 1,061 to 2,000 refuting a 7th
        token after it; notes/s6-latest.md, s8-latest3.md); parked, it lets the
        search go on to the abstract paths after it."""
        left = budget
        try:
            cand = next(gen) if pending is None else pending
            while True:
                # The probes are bounded on their own (probe.py), and a concretization
                # is never parked inside one: the concretizer's `probing` is shared.
                if not self.concretizer.probing:
                    if left <= 0:
                        break
                    left -= 1
                cand = gen.send((yield cand))
        except StopIteration:
            return
        self.stats.parked += 1
        self._parked.append((gen, cand, budget))

    def _concretize(self, target: View):
        if (yield from self.concretizer.concretize(ROOT, target, target, _accept)):
            self.stats.concretized += 1
        else:
            self.stats.refuted += 1

    # -- plausibility -------------------------------------------------------------------
    def _observe(self, view: View) -> None:
        for i, c in enumerate(view.calls):
            if c.mode == "abstract" or not view.fully_concrete(i) or _guessed_arguments(c):
                continue
            if c.raised is not None:
                self.raisers.add(c.qualname.rsplit(".", 1)[-1])
            elif c.mode == "expanded":
                seen = self.seen.setdefault(c.qualname, set())
                if len(seen) < _SEEN_PER_FUNCTION:
                    try:
                        seen.add(realize(c.result))
                    except TypeError:   # unhashable
                        pass

    def unseen_raise(self, cand: Candidate) -> bool:
        """Does `cand` ask an abstracted call to raise, where no real call of its
        function has raised so far?  Such flips are run after all others (each costs
        an abstract run, and a lexer that never raises would otherwise double them)."""
        if not cand.constraints:
            return False
        last = cand.constraints[-1]
        return (last.op == "var" and is_raise_flag(last.value)
                and last.value.split(ALPHA_MARK)[0] not in self.raisers)

    def _implausible(self, view: View) -> bool:
        """Does a callee's abstract result on this path do what no real one did?"""
        return self._implausible_at(view) is not None

    def _implausible_at(self, view: View) -> int | None:
        """The first position where a callee's abstract result does what no real one
        did, or None.  Flips past it would keep it: issue 12's token-list calculator
        spent every abstract run under a `digits_end` result no real call returns."""
        names: dict[Term, str] = {}
        for c in view.calls:
            if c.mode == "abstract":
                t = getattr(c.result, "term", None)
                if t is not None and t.op == "var":
                    names[t] = c.qualname
        for p in view.owned(ROOT):
            b = view.path[p]
            alphas = [v for v in b.term.free if is_alpha(v.value)]
            if not alphas:
                continue
            if is_raise_flag(alphas[0].value):
                # A call that raises where no real call of its function has raised yet.
                if b.taken and alphas[0].value.split(ALPHA_MARK)[0] not in self.raisers:
                    return p
                continue
            if not b.taken and implicit(b.site):
                return p
            core = b.term.args[0] if b.term.op == "not" else b.term
            if core.op in ("lt", "le") and len(alphas) == len(b.term.free) == 1:
                seen = self.seen.get(names.get(alphas[0], ""))
                if seen and not any(self._holds(b, alphas[0], value) for value in seen):
                    return p
        return None

    @staticmethod
    def _holds(branch, alpha: Term, value: Any) -> bool:
        try:
            return bool(evaluate(branch.constraint, {alpha: value}))
        except Exception:   # a value of another kind, an undefined operation: no verdict
            return True


@dataclass(frozen=True, kw_only=True)
class Settings:
    """LATEST's own settings.  `abstract` restricts the functions that may be
    abstracted (all the target's own input-dependent functions by default); the
    others choose orders and the memo of expansions, for measurements."""

    abstract: tuple = flag((), "with --strategy latest: a function that may be abstracted (repeatable; "
                               "default: every input-dependent function of the target's code)",
                           metavar="MODULE:FUNCTION", repeat=True, kind=str)
    memo: bool = True
    # A failed all-at-once choice made again from the abstract path's end, exploring
    # alone a call none of whose known paths fits (probe.py).  Off: the paper's order.
    probe: bool = True
    # DART's depth-first search of the real runs takes turns with the lazy one
    # (interleave.py): never much behind DART, and finished where DART finishes.
    # Off: the lazy search alone, then the engine's fallback (the paper's order).
    interleave: bool = True
    callee_order: str = "shallow"      # which expansion of a callee to try first: shallow or deep
    order: str = "deep"                # abstract paths of the target: deep (depth-first) or shallow


def state_writers(table: CodeTable) -> dict[str, str]:
    """Functions that may write state, or call one that may (qualified name -> why)."""
    writers = {q: ("generator or coroutine" if f.generator else "writes state (" + ", ".join(sorted(f.writes)[:3]) + ")")
               for q, f in table.facts.items() if f.generator or f.writes}
    changed = True
    while changed:
        changed = False
        for q in table.facts:
            if q not in writers:
                bad = sorted(c for c in table.callees[q] if c in writers)
                if bad:
                    writers[q] = f"calls {bad[0]}, which may write state"
                    changed = True
    return writers


def build(options, solver, target) -> tuple[LatestSearcher | InterleavedLatest, LazyPolicy]:
    """The `latest` strategy: the abstract-path searcher and the lazy policy."""
    settings = options.settings if isinstance(options.settings, Settings) else Settings()
    names = resolve_abstract(settings.abstract, target)
    # Functions named with --abstract are abstracted even if they write state, as the
    # paper's tool does (section 4.2: stateless concretization keeps that sound).
    writers = state_writers(CodeTable(all_functions(own_modules(target.is_own_file))))
    policy = LazyPolicy(names, options, target.is_own_file,
                        effects={q: why for q, why in writers.items() if names is None or q not in names})
    domains = prepare_inputs(target.params, options)   # composite inputs too
    if settings.interleave:
        # The lazy half's own chain (interleave.py: its models as alone), its queries
        # counted with the engine's.
        solver, _ = build_solver_chain(timeout_ms=options.solver_timeout_ms, rlimit=options.solver_rlimit,
                                       max_str_len=options.max_str_len, stats=getattr(solver, "stats", None))
    searcher = LatestSearcher(solver=solver, domains=domains, functions=policy.functions, memo=settings.memo,
                              callee_deepest_first=settings.callee_order == "deep",
                              top_deepest_first=settings.order == "deep", probe=settings.probe)
    policy.stats = searcher.stats
    return (InterleavedLatest(searcher, solver, domains) if settings.interleave else searcher), policy
