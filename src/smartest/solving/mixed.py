"""Mixed concrete-symbolic solving (Păsăreanu, Rungta, Visser, ISSTA'11) as a layer of
the solver chain.

A path constraint whose conditions mention an uninterpreted application of an opaque
function (`terms/uninterpreted.py`) — or, with `complex_nonlinear`, a non-linear
integer term — is split into a **simple part** (the conditions without one) and a
**complex part** (the rest).  `mixedIsSatisfiable` (Figure 2):

    solve simplePC                      unsat -> the whole constraint is unsat
    evaluate every complex node on the solution (opaque function called on the
        argument values; x*y computed), innermost first
    extraPC := argument == value, for each argument of each node evaluated  (§3.2)
    solve simplePC ∧ simplified complexPC ∧ extraPC

The extra equalities keep it sound: without them the solver may pick other argument
values than those the function was evaluated on (Figure 3: x >= 0 ∧ x > y ∧ y == x*x
would be "satisfied" by x = 1, y = 0).  They are equalities on the argument *terms*
(x + 1 == 4 rather than x == 3): just as sound, since the application's value depends
on its arguments only, and never more restrictive.

Around it, as in the paper:
* **random solving** (§3.5): inputs the complex nodes need that simplePC leaves
  unconstrained take, in turn, their value in the current run (the paper's "residual
  solving", §3.6) and then random values, up to `random_tries` values;
* the **incremental heuristic** (Figure 4): when the simplified constraint is
  unsatisfiable, add ¬extraPC and solve again, up to `max_tries` times;
* the **partitioning heuristic** (Figure 5): then add, one at a time, the partition
  conditions (`@partition`) of the opaque functions the constraint calls.

Mixed solving is incomplete: when every try fails the answer is UNKNOWN (the path
may be feasible), never UNSAT; UNSAT only when simplePC alone is unsatisfiable.  A
model it returns satisfies the whole path constraint, opaque functions included: it is
checked by evaluating the original conditions (`check_models`), which also turns an
impure opaque function into UNKNOWN answers rather than wrong paths.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping

from smartest.solver.protocol import Answer, Query, Solver, Status
from smartest.terms import Sort, Term, build, const
from smartest.terms import uninterpreted
from smartest.terms.evaluate import OPS, evaluate
from smartest.terms.rewrite import any_below, transform

_NONLINEAR = ("mul", "floordiv", "mod", "pow")
# An evaluated integer this large is a failed try: models of incremental tries can
# chain (x := previous x*x + 1) and grow doubly exponentially.
_MAX_BITS = 4096


@dataclass(frozen=True)
class MixedSettings:
    max_tries: int = 1              # Figure 4's MAX_TRIES (1: plain mixedIsSatisfiable)
    random_tries: int = 8           # values tried for inputs simplePC leaves unconstrained
    partitions: bool = True         # Figure 5, for opaque functions with partitions
    complex_nonlinear: bool = False  # non-linear integer terms go to the complex part
    extra_equalities: bool = True   # §3.2; False only to show the unsoundness it prevents
    check_models: bool = True       # evaluate the original constraint on every model
    seed: int = 0


@dataclass(frozen=True)
class Decision:
    """One path constraint found satisfiable by mixed solving."""

    branch: Term                              # the last condition (the negated branch)
    how: str                                  # "mixed", "random value 3", "incremental try 2", "partition 1"...
    evaluations: tuple[tuple[str, Any], ...]  # ("hash_(2)", 20): the complex nodes evaluated
    model: Mapping[str, Any]                  # the values found, by variable name


@dataclass
class MixedStats:
    queries: int = 0               # path constraints with a complex part
    decided: int = 0               # ... found satisfiable by mixed solving
    unsat: int = 0                 # ... whose simple part is unsatisfiable (a proof)
    gave_up: int = 0               # ... on which every try failed (UNKNOWN)
    evaluations: Counter = field(default_factory=Counter)   # opaque key (or op) -> calls on candidates
    failed_evaluations: int = 0    # an opaque function raised or answered a value of another sort
    rejected_models: int = 0       # a model that did not satisfy the original constraint
    by_how: Counter = field(default_factory=Counter)
    decisions: list[Decision] = field(default_factory=list)


class _EvaluationFailed(Exception):
    pass


@dataclass
class _Try:
    """The outcome of one mixedIsSatisfiable."""

    status: Status
    model: dict | None = None
    extras: list[tuple[Term, ...]] = field(default_factory=list)   # the extraPC of each failed attempt
    evaluations: tuple = ()
    random_index: int = 0


class MixedSolver:
    """The chain layer.  Queries without a complex node pass straight through."""

    def __init__(self, inner: Solver, settings: MixedSettings, stats: MixedStats,
                 draw: Callable[[Sort, random.Random], Any] | None = None) -> None:
        self.inner = inner
        self.settings = settings
        self.stats = stats
        self.draw = draw
        self.rng = random.Random(settings.seed)
        self._complex: dict[Term, bool] = {}

    # -- classification -------------------------------------------------------------
    def _complex_node(self, t: Term, args: tuple[Term, ...]) -> bool:
        if t.op == uninterpreted.UF:
            return True
        if not self.settings.complex_nonlinear or t.op not in _NONLINEAR or t.sort is not Sort.INT:
            return False
        if t.op == "mul":
            return not args[0].is_const and not args[1].is_const
        if t.op == "pow":
            return not (args[0].is_const and args[1].is_const)
        return not args[1].is_const  # x // y, x % y

    def is_complex(self, c: Term) -> bool:
        """Does the condition mention a complex node (memoized: terms are interned)?"""
        return any_below(c, self._complex, lambda t: self._complex_node(t, t.args))

    def _nodes(self, constraints) -> list[Term]:
        """The complex nodes of `constraints`, each once, in a stable order."""
        out, seen, stack = [], set(), list(reversed(constraints))
        while stack:
            t = stack.pop()
            if t in seen or not self.is_complex(t):
                continue
            seen.add(t)
            if self._complex_node(t, t.args):
                out.append(t)
            stack.extend(reversed(t.args))
        return out

    # -- the layer ------------------------------------------------------------------
    def check(self, query: Query) -> Answer:
        constraints = query.constraints
        if not any(self.is_complex(c) for c in constraints):
            return self.inner.check(query)
        st = self.stats
        st.queries += 1
        working = tuple(constraints)
        result, how = self._incremental(working, query, "mixed")
        if result.status is Status.UNSAT:
            st.unsat += 1
            return Answer(Status.UNSAT)
        if result.status is not Status.SAT and self.settings.partitions:
            for i, p in enumerate(self._partitions(working)):
                result, how = self._incremental((*working, p), query, f"partition {i + 1}")
                if result.status is Status.SAT:
                    break
        if result.status is not Status.SAT:
            st.gave_up += 1
            return Answer(Status.UNKNOWN)
        st.decided += 1
        st.by_how[how] += 1
        st.decisions.append(Decision(constraints[-1], how, result.evaluations,
                                     {v.value: x for v, x in result.model.items()}))
        return Answer(Status.SAT, result.model)

    def _partitions(self, working: tuple[Term, ...]) -> list[Term]:
        out: list[Term] = []
        for node in self._nodes(working):
            if node.op == uninterpreted.UF:
                for p in uninterpreted.lookup(node.value).partitions(node.args):
                    if p not in out and not p.is_const:
                        out.append(p)
        return out

    def _incremental(self, working: tuple[Term, ...], query: Query, how: str) -> tuple[_Try, str]:
        """Figure 4: mixedIsSatisfiable, then again with ¬extraPC, up to max_tries times."""
        excluded: list[Term] = []
        result = _Try(Status.UNKNOWN)
        for k in range(self.settings.max_tries):
            result = self._mixed((*working, *excluded), query)
            if result.status is Status.SAT:
                label = how if k == 0 else f"{how}, incremental try {k + 1}"
                if result.random_index:
                    label += f", random value {result.random_index}"
                return result, label
            if result.status is Status.UNSAT and k == 0:
                return result, how
            if not result.extras:
                break
            excluded.extend(build.not_(build.and_(*extras)) for extras in result.extras if extras)
        if result.status is Status.UNSAT:  # no simple solution left: not a proof about the whole
            result = _Try(Status.UNKNOWN)
        return result, how

    def _mixed(self, constraints: tuple[Term, ...], query: Query) -> _Try:
        """Figure 2, with random solving for the inputs simplePC leaves unconstrained."""
        simple = tuple(c for c in constraints if not self.is_complex(c))
        complex_ = tuple(c for c in constraints if self.is_complex(c))
        needed: set[Term] = set()
        for node in self._nodes(complex_):
            for a in node.args:
                needed |= a.free
        if simple:
            # The opaque calls' arguments get no hint: the current input is the one whose
            # evaluation failed the negated branch, and lower layers keep a hinted value
            # wherever they can (trial values, polishing), which would pin it again.
            hints = {v: x for v, x in query.hints.items() if v not in needed}
            answer = self.inner.check(replace(query, constraints=simple, hints=hints))
            if not answer.sat:
                return _Try(answer.status)
            base = dict(answer.model or {})
        else:
            base = {}
        free = sorted((v for v in needed if v not in base), key=lambda v: v.value)
        tries = self.settings.random_tries if free else 1
        out = _Try(Status.UNKNOWN)
        for r in range(tries):
            env = dict(base)
            for v in free:
                env[v] = self._value(v, query.hints, r)
            try:
                simplified, extras, evaluations = self._simplify(complex_, env)
            except _EvaluationFailed:
                self.stats.failed_evaluations += 1
                continue
            out.extras.append(extras)
            new = (*simple, *simplified, *(extras if self.settings.extra_equalities else ()))
            if any(c.is_const and not c.value for c in new):
                continue
            answer = self.inner.check(replace(query, constraints=tuple(c for c in new if not c.is_const)))
            if not answer.sat:
                continue
            model = {**{v: env[v] for v in free}, **(answer.model or {})}
            if self.settings.check_models and not self._holds(query.constraints, model, query.hints):
                self.stats.rejected_models += 1
                continue
            return _Try(Status.SAT, model, out.extras, evaluations, r if free else 0)
        return out

    def _value(self, v: Term, hints: Mapping[Term, Any], r: int) -> Any:
        """Random solving: the current value first (residual solving), then random ones."""
        if r == 0 and v in hints:
            return hints[v]
        if self.draw is not None:
            value = self.draw(v.sort, self.rng)
            if value is not None:
                return value
        return hints.get(v, {Sort.INT: 0, Sort.STR: "", Sort.BOOL: False}.get(v.sort))

    def _simplify(self, complex_: tuple[Term, ...], env: dict) -> tuple[tuple[Term, ...], tuple[Term, ...], tuple]:
        """Each complex node replaced by its value under `env` (innermost first), with
        the extra equalities on the arguments it was evaluated on."""
        cache: dict[Term, Term] = {}
        extras: dict[Term, None] = {}
        evaluations: list[tuple[str, Any]] = []
        out = []
        def leaf(t: Term) -> Term | None:
            return t if not t.args or not self.is_complex(t) else None

        def rebuild(t: Term, args: tuple) -> Term | None:
            return self._evaluate(t, args, env, extras, evaluations) if self._complex_node(t, args) else None

        for root in complex_:
            out.append(transform(root, leaf, cache, rebuild))
        return tuple(out), tuple(extras), tuple(evaluations)

    def _evaluate(self, t: Term, args: tuple[Term, ...], env: dict, extras: dict, evaluations: list) -> Term:
        try:
            values = [evaluate(a, env) for a in args]
            if t.op == uninterpreted.UF:
                self.stats.evaluations[t.value] += 1
                value = uninterpreted.evaluate_app(t, values)
            else:
                self.stats.evaluations[t.op] += 1
                value = OPS[t.op](*values)
            if t.sort is Sort.INT and type(value) is bool:
                value = int(value)
            if type(value) is int and value.bit_length() > _MAX_BITS:
                raise _EvaluationFailed()
            result = const(value)
        except Exception:  # the function raised, or its value has no constant of our sorts
            raise _EvaluationFailed() from None
        if result.sort is not t.sort:
            raise _EvaluationFailed()
        for a, v in zip(args, values):
            if not a.is_const:
                extras[build.eq(a, const(v))] = None
        name = uninterpreted.describe(t, values) if t.op == uninterpreted.UF else \
            f"{t.op}({', '.join(map(repr, values))})"
        evaluations.append((name, value))
        return result

    def _holds(self, constraints: tuple[Term, ...], model: dict, hints: Mapping[Term, Any]) -> bool:
        env = {**hints, **model}
        try:
            return all(evaluate(c, env) for c in constraints)
        except Exception:
            return False


class MixedSolving:
    """The settings and statistics of mixed solving for one exploration; `layer` puts
    the solver layer in a chain (`build_solver_chain(mixed=...)`)."""

    def __init__(self, settings: MixedSettings, draw: Callable[[Sort, random.Random], Any] | None = None) -> None:
        self.settings = settings
        self.draw = draw
        self.stats = MixedStats()

    def layer(self, inner: Solver) -> MixedSolver:
        return MixedSolver(inner, self.settings, self.stats, self.draw)
