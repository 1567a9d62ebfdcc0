"""The LATEST call policy: which calls are abstracted, expanded or run, how the
abstract results are named and drawn, and how expanded calls take formals."""
from __future__ import annotations

import os

import pytest

from smartest.strategies.latest.abstract_spec import resolve_abstract
from smartest.calls.intercept import intercept, own_modules
from smartest.strategies.latest.policy import (EMPTY_PLAN, LazyPolicy, Plan, alpha_name, carries_symbolic, is_alpha,
                                               is_raise_flag)
from smartest.engine.execute import execute
from smartest.engine.target import resolve
from smartest.errors import InvalidArgument
from smartest.options import Options
from smartest.strategies.latest.scopes import View, first_difference
from smartest.search.protocol import ExploredRun
from smartest.symbolic.inputs import fresh
from smartest.terms import Sort, var

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = os.path.join(HERE, "targets", "callees.py") + ":top"


def _run(policy, plan=EMPTY_PLAN, **assignment):
    target = resolve(SPEC)
    with intercept(own_modules(target.is_own_file), policy):
        r = execute(target, {"x": 4, "y": 7, **assignment}, timeout=5, max_depth=200, strict=False,
                    policy=policy, directive=plan)
    return r


def _policy(names=None):
    return LazyPolicy(names, Options(), resolve(SPEC).is_own_file)


def test_input_dependent_calls_are_abstracted_and_named_by_call_id():
    r = _run(_policy(), **{"sign@0": 1, "sign@1": 1})
    modes = [(c.qualname.rsplit(".", 1)[-1], c.mode) for c in r.calls]
    # sign(x), sign(y) and s.times(x) carry a symbolic argument and return an int;
    # Scale.half(y) too; Scale.name() has no symbolic argument and just runs.
    assert modes[:2] == [("sign", "abstract"), ("sign", "abstract")]
    assert r.notes.abstract
    trace = r.notes.info["lazy"]
    assert trace.ids[:2] == ((0,), (1,))
    # each abstracted call first decides that it returns (it may also raise: a branch
    # over a fresh boolean, recorded inside the call's span, owned by the caller)
    flags = [b for b in r.path if b.term.op == "var" and is_raise_flag(b.term.value)]
    assert [b.term.value for b in flags[:2]] == ["sign@0!raises", "sign@1!raises"]
    assert not any(b.taken for b in flags)
    assert len(flags) == sum(c.mode == "abstract" for c in r.calls)
    own = [b for b in r.path if b not in flags]
    # the assignment's values were used: sign@0 == sign@1, so top took its first branch
    assert own[0].term.free == {var("sign@0", Sort.INT), var("sign@1", Sort.INT)}
    assert all(b.frame == -1 for b in own)
    # the results of times and half were drawn at random and reported
    assert set(trace.drawn) == {alpha_name("callees.Scale.times", (2,)), alpha_name("callees.Scale.half", (3,))}


def test_calls_without_symbolic_arguments_run():
    r = _run(_policy(), **{"sign@0": 1, "sign@1": -1})   # signs differ: top returns len(Scale.name())
    assert [c.mode for c in r.calls] == ["abstract", "abstract", "concrete"]
    assert r.returned == len("Scale")


def test_a_plan_expands_calls_and_binds_their_int_arguments_to_formals():
    r = _run(_policy(), Plan(frozenset({(0,)})), **{"sign@1": 1})
    first = r.calls[0]
    assert first.mode == "expanded" and r.calls[1].mode == "abstract"
    link = r.path[0]
    assert not link.flippable and link.frame == -1          # bound by the caller, never negated
    assert link.term.free == {var("x", Sort.INT), var("x#0", Sort.INT)}
    inside = r.path[first.start:first.end]
    assert inside and all(b.frame == first.index for b in inside)
    assert all(v.value == "x#0" for b in inside for v in b.term.free)   # decided on the formal
    assert not is_alpha("x#0") and is_alpha("sign@1")


def test_deep_plans_expand_everything_below_a_call():
    plan = Plan().with_deep((1,))
    assert plan.expands((1,)) and plan.expands((1, 0, 2)) and not plan.expands((2,))
    assert Plan(frozenset({(1,)})).expands((1,)) and not Plan(frozenset({(1,)})).expands((1, 0))


def test_abstract_set_restricts_interception():
    target = resolve(SPEC)
    names = resolve_abstract(["callees:sign"], target)
    assert names == {"callees.sign"}
    assert resolve_abstract([os.path.join(HERE, "targets", "callees.py") + ":Scale.times"], target) == {
        "callees.Scale.times"}
    assert resolve_abstract([], target) is None
    r = _run(_policy(names), **{"sign@0": 1, "sign@1": 1})
    assert [c.qualname for c in r.calls] == ["callees.sign", "callees.sign"]


@pytest.mark.parametrize("spec", ["callees:nope", "nomodule:sign", "sign"])
def test_bad_abstract_specs_are_one_line_errors(spec):
    with pytest.raises(InvalidArgument, match="--abstract"):
        resolve_abstract([spec], resolve(SPEC))


class _Holder:
    __slots__ = ("s", "n")

    def __init__(self, s, n):
        self.s, self.n = s, n


def test_carries_symbolic_looks_into_containers_and_objects():
    x = fresh(3, "x")
    assert carries_symbolic(x) and not carries_symbolic(3)
    assert carries_symbolic([1, (2, {"k": x})])
    assert carries_symbolic(_Holder(fresh("ab", "s"), 0)) and not carries_symbolic(_Holder("ab", 0))
    loop = []
    loop.append(loop)
    assert not carries_symbolic(loop)


def test_views_cut_control_paths_per_scope():
    r = _run(_policy(), Plan(frozenset({(0,)})), **{"sign@1": 1})
    view = View(ExploredRun(r.path, r.calls, {"x": 4, "y": 7}, None, False, False, r.notes, r.complete))
    top, sign = view.control(()), view.control((0,))
    assert {code.co_name for code, _, _ in top} == {"top"}
    assert {code.co_name for code, _, _ in sign} == {"sign"}
    assert view.abstract_calls(()) == [1, 2, 3]
    assert first_difference(top, top) is None and first_difference(top, top[:-1]) == len(top) - 1
