"""Iterative deepening of the input bounds: `--max-str-len` and `--max-len` are where
the search starts, not where it stops.

Under a bound K the solver proves `s == "<14 characters>"` or `len(xs) > 4`
unsatisfiable, and a search that ends there would claim `complete` with the bug
beyond the bound never run.  So every answer "unsatisfiable" on a query over a
bounded input (a string, bytes, a container length) is probed once more with the
bounds opened: string and container lengths free (strings lowered with the round's
K positions, positions past K absent; container cells built for twice their bound M,
cells past 2M absent).  A satisfiable
probe means the bound cut a path: the round is not complete, and `api.run_exploration` starts
another one with doubled bounds while the budget lasts.  The probe is an
under-approximation of "longer inputs" (characters past K and elements past 2M
are absent; an equality with a longer constant compares the first K positions and
the length, so it is seen); a query about lengths alone (`len(xs) > 10` under M = 4)
always is.  A string query it finds unsatisfiable is asked again with strings of
MAX_STR_LEN positions (a field trial found `re.fullmatch("[0-9a-f]{32}", s)` claimed
complete under K = 8 with its match never run), and a pattern whose every match is
longer than MAX_STR_LEN counts as a cut outright.  Elements past 2M are still absent.
"""
from __future__ import annotations

import dataclasses
import time
from typing import Any, Mapping

from smartest.options import Options
from smartest.solver import build_solver_chain
from smartest.solver.independence import slice_query
from smartest.solver.protocol import Query, SolverStats, Status
from smartest.solver.strings import StringLoweringSolver
from smartest.symbolic.inputs import prepare_inputs
from smartest.terms import Term, build, const
from smartest.terms.regex import min_width
from smartest.terms.term import Sort

MAX_STR_LEN, MAX_LEN = 32, 16      # deepening stops here (lowering is quadratic in the bound; deeper
#                                    bounds build terms deeper than the recursive term walks allow)
# The wide probe (`_wider_sat`) gets this fraction of a query's resource limit.  It
# answers yes or no to "could a longer string take this side?", and anything but a
# proof of no counts as a cut, so a smaller limit can only withhold a `complete`, never
# grant one.  At MAX_STR_LEN positions a regex-heavy target's probes cost more than its
# search did: textwrap.dedent, 25 runs, 4 wide probes took 86 of 150 s at the full limit.
WIDE_PROBE_SHARE = 10
_TEXT = (Sort.STR, Sort.BYTES)
_ZERO = const(0)


def _opened(params, options: Options) -> tuple[dict[Term, Term], frozenset[Term]]:
    """The domains of the inputs with string and container lengths open, container
    cells built for twice their bound (with their constraints: an enum-keyed dict cannot
    grow past its members), and the variables whose bound changed."""
    wide = 2 * max(options.max_len, 1)
    wider = prepare_inputs(params, dataclasses.replace(options, max_len=wide))
    narrow = prepare_inputs(params, options)      # binds the kinds back to this round's bounds
    out, bounded = {}, set()
    for v, d in wider.items():
        if v.sort in _TEXT:
            bounded.add(v)            # the string's own domain is `len(v) <= K`: dropped
            continue
        out[v] = d
        if narrow.get(v) is not d:
            bounded.add(v)
            if d is build.and_(build.le(_ZERO, v), build.le(v, const(wide))):
                # A container's length (kinds_containers `_length`): open, so that
                # `len(xs) > 10` under a bound of 4 is seen as cut; cells stop at `wide`.
                out[v] = build.le(_ZERO, v)
    return out, frozenset(bounded)


class BoundProbe:
    """Decides whether an unsatisfiable query was cut by the bounds (see the module)."""

    def __init__(self, params, options: Options, runs: int = 0, last: bool = False, solver=None,
                 stats: SolverStats | None = None, deadline: float | None = None) -> None:
        """`runs`: runs made before this round.  A round that has seen a cut yields to
        the next after half of the budget left (unless its bounds are the ceiling,
        `last`), so a search that cannot exhaust its bound still gets past it.
        `solver`: the round's solver chain, whose string lowering and z3 translation
        the probe shares (its queries are `fresh`: they touch no incremental solver,
        so the round's models are what they would be without the probe); `stats`
        count the probes; `deadline`: the exploration's, past which no probe's query runs
        (solver/z3backend.py)."""
        self.deadline_s = deadline
        self.domains, self.bounded = _opened(params, options)
        self.run_share = float("inf") if last else runs + max(1, (options.max_runs - runs) // 2)
        self.deadline = float("inf") if last else time.monotonic() + options.time_limit / 2
        self.options = options
        self.layer = _lowering_layer(solver)   # None: built on the first probe
        self.wide: StringLoweringSolver | None = None   # strings of MAX_STR_LEN positions: built when needed
        self.stats = stats
        self.cut = False
        self.probes = 0
        self._probed: set[Term] = set()   # negated branches already probed

    def should_yield(self, runs: int) -> bool:
        """Stop this round for a deeper one: its share of the budget is spent and its
        inputs are bounded.  Not only after a cut: a search that cannot exhaust its
        bound (hwm: millions of paths under 8 characters) would otherwise never see
        a longer input."""
        return bool(self.bounded) and (runs >= self.run_share or time.monotonic() >= self.deadline)

    def __call__(self, constraints: tuple[Term, ...], hints: Mapping[Term, Any]) -> None:
        if self.cut or not self.bounded or not constraints or constraints[-1] in self._probed \
                or not any(v in self.bounded for c in constraints for v in c.free):
            return
        # Once per negated branch: the same condition under another prefix is rarely cut
        # where it was not (a loop's `i < len(s)` is a new term at every i).
        self._probed.add(constraints[-1])
        if self.layer is None:
            layer, _ = build_solver_chain(timeout_ms=self.options.solver_timeout_ms,
                                          max_str_len=self.options.max_str_len, cache=False, slicing=False,
                                          deadline=self.deadline_s)
            self.layer = _lowering_layer(layer)
        self.probes += 1
        if self.stats is not None:
            self.stats.probes += 1
        # The slice the round's solver answered unsat: the rest holds of the current
        # input under any bound, and its terms are the ones already lowered and translated.
        query = slice_query(Query(constraints, self.domains, dict(hints)))
        if self.layer.open_lengths_sat(query) or self._wider_sat(query) or _past_ceiling(query):
            self.cut = True

    def _wider_sat(self, query: Query) -> bool:
        """The probe above has no positions past K: a path that needs a longer string in
        a way lengths alone do not show (a 12-digit pattern under K = 8, six fields split
        on ':') is unsatisfiable there, and the round would claim `complete` with it never
        run.  Asked again with strings lowered to the ceiling's MAX_STR_LEN positions; an
        answer other than unsatisfiable counts as a cut, since the claim is what is at stake."""
        if self.options.max_str_len >= MAX_STR_LEN or not any(v.sort in _TEXT for c in query.constraints
                                                               for v in c.free):
            return False
        if self.wide is None:
            chain, _ = build_solver_chain(timeout_ms=self.options.solver_timeout_ms,
                                          rlimit=self.options.solver_rlimit // WIDE_PROBE_SHARE,
                                          max_str_len=MAX_STR_LEN, cache=False, slicing=False,
                                          deadline=self.deadline_s)
            self.wide = _lowering_layer(chain)
        return self.wide.open_lengths_check(query).status is not Status.UNSAT


def _past_ceiling(query: Query) -> bool:
    """Whether the query matches a pattern whose every match is longer than MAX_STR_LEN
    (a 40-digit hash): no probe has the positions to see that path, so it counts as cut."""
    seen: set[Term] = set()
    stack = list(query.constraints)
    while stack:
        t = stack.pop()
        if t in seen:
            continue
        seen.add(t)
        if t.op in ("re_ok", "re_pos") and t.args[1].op == "const" and t.args[2].op == "const" \
                and min_width(t.args[1].value, t.args[2].value) > MAX_STR_LEN:
            return True
        stack.extend(t.args)
    return False


def _lowering_layer(solver) -> StringLoweringSolver | None:
    """The string-lowering layer of a solver chain (None if it has none)."""
    while solver is not None and not isinstance(solver, StringLoweringSolver):
        solver = getattr(solver, "inner", None)
    return solver


def at_ceiling(options: Options) -> bool:
    return options.max_str_len >= MAX_STR_LEN and options.max_len >= MAX_LEN


def deeper(first: Options, current: Options, started: float, runs: int) -> Options | None:
    """The options of the next round (doubled bounds, the budget that is left), or None
    when the budget is spent or the bounds are at their ceiling."""
    left_time = first.time_limit - (time.monotonic() - started)
    if left_time <= 0.05 or runs >= first.max_runs:
        return None
    if at_ceiling(current):
        return None
    return dataclasses.replace(current, max_str_len=min(MAX_STR_LEN, max(1, 2 * current.max_str_len)),
                               max_len=min(MAX_LEN, max(1, 2 * current.max_len)), time_limit=left_time)
