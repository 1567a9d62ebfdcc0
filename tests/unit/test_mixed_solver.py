"""The mixed concrete-symbolic solving layer, checked against Python's own semantics:
every model it returns satisfies the whole path constraint (opaque functions called
for real), it answers UNSAT only when the simple part is unsatisfiable, and the
extra equalities of §3.2 are what keeps it sound (Figure 3).

Like the paper's examples ("assume the solver returns the smallest solution"), the
heuristic tests rely on z3 picking the smallest value of a lower-bounded input."""
from __future__ import annotations

import itertools

from hypothesis import given, settings, strategies as st

from smartest.solving.opaque import OpaqueCallable
from smartest.solving.mixed import MixedSettings, MixedSolver, MixedStats
from smartest.solver.protocol import Query, Status
from smartest.solver.strings import StringLoweringSolver
from smartest.solver.z3backend import Z3Backend
from smartest.terms import Sort, build, const, uninterpreted, var
from smartest.terms.evaluate import evaluate

X, Y = var("x", Sort.INT), var("y", Sort.INT)
S = var("s", Sort.STR)


def fig1_hash(x):
    return 10 * x if 0 <= x <= 10 else 0


HASH = OpaqueCallable("test_mixed:hash", fig1_hash)
uninterpreted.register(HASH)


def H(t):
    return uninterpreted.app(HASH.key, (t,), Sort.INT)


def layer(**kw) -> MixedSolver:
    draw = kw.pop("draw", lambda sort, rng: rng.randint(-1000, 1000) if sort is Sort.INT else None)
    return MixedSolver(StringLoweringSolver(Z3Backend(), 4), MixedSettings(**kw), MixedStats(), draw)


def holds(constraints, model, hints=None):
    env = {**(hints or {}), **model}
    return all(evaluate(c, env) for c in constraints)


# -- Figure 3: the extra equalities --------------------------------------------

FIG3 = (build.le(const(0), X), build.lt(Y, X), build.eq(Y, build.mul(X, X)))  # x>=0 & x>y & y==x*x


def test_figure3_without_the_extra_equalities_is_unsound():
    # The paper's unsound variant: solve x>=0 & x>y (x = 0), concretize y == x*x to
    # y == 0, drop x == 0, and x = 1, y = 0 "satisfies" the constraint.
    m = layer(complex_nonlinear=True, extra_equalities=False, check_models=False)
    answer = m.check(Query(FIG3))
    assert answer.status is Status.SAT
    assert not holds(FIG3, answer.model)           # the model does not reach S0: unsound
    assert not any(x * x < x for x in range(-100, 100))   # and S0 is indeed unreachable


def test_figure3_with_the_extra_equalities_never_claims_s0():
    m = layer(complex_nonlinear=True, max_tries=5)
    answer = m.check(Query(FIG3))
    assert answer.status is Status.UNKNOWN          # incomplete, but never SAT (and not a false UNSAT)
    assert m.stats.rejected_models == 0 and m.stats.gave_up == 1
    assert m.stats.evaluations["mul"] == 5           # one x*x per incremental try
    # many tries: the candidates z3 picks grow fast; past a bound a try just fails
    many = layer(complex_nonlinear=True, max_tries=40)
    assert many.check(Query(FIG3)).status is Status.UNKNOWN


def test_the_model_check_catches_what_the_equalities_would():
    m = layer(complex_nonlinear=True, extra_equalities=False, check_models=True)
    assert m.check(Query(FIG3)).status is Status.UNKNOWN
    assert m.stats.rejected_models >= 1


# -- Figure 2 and the heuristics on the paper's Figure 1 ---------------------------

def test_figure1_s0_path_is_decided_by_evaluating_hash_on_the_simple_solution():
    pc = (build.lt(const(0), X), build.eq(Y, H(X)))          # x > 0 & y == hash(x)
    m = layer()
    answer = m.check(Query(pc))
    assert answer.sat and holds(pc, answer.model)
    d = m.stats.decisions[-1]
    assert d.how == "mixed" and d.evaluations == ((f"hash({answer.model[X]})", answer.model[Y]),)


def test_line7_path_needs_a_heuristic():
    # x > 0 & y == hash(x) & y > 10, with x first chosen as 1 (hash 10): plain mixed
    # solving fails; the incremental heuristic excludes x == 1 and tries again.
    pc = (build.lt(const(0), X), build.eq(Y, H(X)), build.lt(const(10), Y))
    hints = {X: 1, Y: 0}
    plain = layer()
    assert plain.check(Query(pc, hints=hints)).status is Status.UNKNOWN   # z3 picks x = 1: hash 10
    assert plain.stats.gave_up == 1 and plain.stats.evaluations[HASH.key] == 1
    incremental = layer(max_tries=12)
    answer = incremental.check(Query(pc, hints=hints))
    assert answer.sat and holds(pc, answer.model)
    assert answer.model == {X: 2, Y: 20}                                    # "after two iterations"
    assert incremental.stats.by_how == {"mixed, incremental try 2": 1}


def test_partition_conditions_are_added_one_at_a_time():
    entry = OpaqueCallable("test_mixed:hash_partitioned", fig1_hash)
    entry.add_conditions([lambda x: x <= 3, lambda x: (x > 3) & (x <= 10)])
    uninterpreted.register(entry)
    app = uninterpreted.app(entry.key, (build.add(X, const(1)),), Sort.INT)   # hash(x + 1), as in §3.4
    pc = (build.lt(const(0), build.add(X, const(1))), build.eq(Y, app), build.lt(const(10), Y))
    m = layer(random_tries=1)
    answer = m.check(Query(pc, hints={X: 0, Y: 0}))
    assert answer.sat and holds(pc, answer.model)
    # the partitions were instantiated on the argument term x + 1
    assert entry.partitions(app.args)[0] is build.le(build.add(X, const(1)), const(3))
    assert m.stats.by_how == {"partition 2": 1}            # x + 1 = 4 > 3: hash 40
    assert m.stats.decisions[0].evaluations == (("hash_partitioned(4)", 40),)
    no_partition = layer(random_tries=1, partitions=False)
    assert no_partition.check(Query(pc, hints={X: 0, Y: 0})).status is Status.UNKNOWN


def test_random_solving_tries_values_for_inputs_the_simple_part_leaves_free():
    # cube > 0 (Figure 6 with x*x*x kept opaque): no simple constraint on x; the current
    # value (-5) fails, random ones find a positive x.
    cube = OpaqueCallable("test_mixed:cube", lambda x: x * x * x)
    uninterpreted.register(cube)
    pc = (build.lt(const(0), uninterpreted.app(cube.key, (X,), Sort.INT)),)
    one = layer(random_tries=1)
    assert one.check(Query(pc, hints={X: -5})).status is Status.UNKNOWN
    many = layer(random_tries=16)
    answer = many.check(Query(pc, hints={X: -5}))
    assert answer.sat and answer.model[X] > 0
    assert "random value" in many.stats.decisions[-1].how


def test_nested_applications_are_evaluated_innermost_first():
    inner = H(X)
    outer = uninterpreted.app(HASH.key, (build.floordiv(inner, const(10)),), Sort.INT)   # hash(hash(x) // 10)
    pc = (build.lt(const(0), X), build.lt(X, const(4)), build.eq(Y, outer))
    m = layer()
    answer = m.check(Query(pc))
    assert answer.sat and holds(pc, answer.model)
    assert [name for name, _ in m.stats.decisions[-1].evaluations][0].startswith("hash(")


def test_string_arguments_are_evaluated_on_string_values():
    shout = OpaqueCallable("test_mixed:shout", lambda s: s.upper() + "!")
    uninterpreted.register(shout)
    app = uninterpreted.app(shout.key, (S,), Sort.STR)
    pc = (build.eq(build.length(S), const(2)), build.eq(build.length(app), const(3)),
          build.eq(build.at(app, const(2)), const("!")))
    m = layer()
    answer = m.check(Query(pc, domains={S: build.le(build.length(S), const(4))}))
    assert answer.sat and holds(pc, answer.model)
    assert len(answer.model[S]) == 2


def test_an_impure_function_gives_unknown_not_a_wrong_path():
    counter = itertools.count()
    flaky = OpaqueCallable("test_mixed:flaky", lambda x: x + next(counter))
    uninterpreted.register(flaky)
    pc = (build.lt(const(0), X), build.eq(Y, uninterpreted.app(flaky.key, (X,), Sort.INT)))
    m = layer()
    answer = m.check(Query(pc))
    assert answer.status is Status.UNKNOWN and m.stats.rejected_models == 1


def test_a_function_that_raises_on_the_candidate_is_a_failed_try():
    picky = OpaqueCallable("test_mixed:picky", lambda x: 100 // (x - 1))
    uninterpreted.register(picky)
    pc = (build.lt(const(0), X), build.lt(X, const(2)), build.eq(Y, uninterpreted.app(picky.key, (X,), Sort.INT)))
    m = layer()
    assert m.check(Query(pc)).status is Status.UNKNOWN
    assert m.stats.failed_evaluations == 1


def test_queries_without_a_complex_part_pass_through():
    m = layer()
    answer = m.check(Query((build.lt(const(3), X),)))
    assert answer.sat and answer.model[X] > 3 and m.stats.queries == 0


def test_unsat_only_when_the_simple_part_is():
    pc = (build.lt(const(5), X), build.lt(X, const(3)), build.eq(Y, H(X)))
    m = layer()
    assert m.check(Query(pc)).status is Status.UNSAT and m.stats.unsat == 1


# -- soundness on random path constraints ------------------------------------------

_ATOMS = [
    lambda: build.lt(const(0), X), lambda: build.le(X, const(3)), lambda: build.lt(const(10), Y),
    lambda: build.eq(Y, H(X)), lambda: build.not_(build.eq(Y, H(X))), lambda: build.lt(Y, H(X)),
    lambda: build.eq(build.mod(H(X), const(7)), const(2)), lambda: build.le(H(build.add(X, Y)), X),
    lambda: build.eq(build.mul(X, Y), const(12)), lambda: build.lt(build.mul(X, X), Y),
]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.integers(0, len(_ATOMS) - 1), min_size=1, max_size=4), st.booleans(), st.integers(1, 3))
def test_every_answer_is_sound(atoms, nonlinear, tries):
    pc = tuple(_ATOMS[i]() for i in atoms)
    pc = tuple(c for c in pc if not c.is_const)
    if not pc:
        return
    m = layer(complex_nonlinear=nonlinear, max_tries=tries, random_tries=3)
    answer = m.check(Query(pc, hints={X: 2, Y: 7}))
    if answer.sat:
        assert holds(pc, answer.model, {X: 2, Y: 7})
    elif answer.status is Status.UNSAT:
        # only the simple part can prove it: no (x, y) in a window satisfies the whole
        for x, y in itertools.product(range(-15, 16), range(-5, 130)):
            assert not holds(pc, {X: x, Y: y})


def test_random_values_come_from_the_layer_seed():
    cube = OpaqueCallable("test_mixed:big_cube", lambda x: x * x * x)
    uninterpreted.register(cube)
    pc = (build.lt(const(10 ** 9), uninterpreted.app(cube.key, (X,), Sort.INT)),)   # x > 1000: never drawn
    runs = []
    for _ in range(2):
        draws: list[int] = []

        def draw(sort, rng):
            draws.append(rng.randint(-1000, 1000))
            return draws[-1]

        assert layer(random_tries=5, seed=7, draw=draw).check(Query(pc, hints={X: 0})).status is Status.UNKNOWN
        runs.append(draws)
    assert runs[0] == runs[1] and len(runs[0]) == 4   # the hint, then four random values
