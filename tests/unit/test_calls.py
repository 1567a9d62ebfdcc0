"""Call interception and the call-policy hooks: every intercepted call is recorded
with the stretch of the path it decided, methods are wrapped as well as functions,
and a policy can stand in for a callee without running it."""
from __future__ import annotations

import os

import smartest
from smartest.calls.intercept import intercept, own_modules
from smartest.calls.protocol import RunNotes
from smartest.engine.execute import execute
from smartest.engine.target import resolve
from smartest.symbolic.inputs import fresh
from smartest.symbolic.realize import realize
from smartest.terms import Sort, var

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = os.path.join(HERE, "targets", "callees.py") + ":top"


class RecordingPolicy:
    """Runs every call, or stands in for `sign` with a fresh input when asked."""

    name = "recording"

    def __init__(self, abstract_sign: bool = False) -> None:
        self.abstract_sign = abstract_sign
        self.assignment = {}

    def intercepts(self, qualname, fn):
        return True

    def begin_run(self, assignment, directive):
        self.assignment = assignment
        self.abstract = False

    def on_call(self, call):
        if self.abstract_sign and call.qualname.endswith(".sign"):
            self.abstract = True
            name = f"ret@{call.recorder.calls.__len__()}"
            return call.skip(fresh(self.assignment.get(name, 0), name))
        return call.proceed()

    def end_run(self, recorder):
        return RunNotes(abstract=self.abstract)


def _run(policy, x, y, **assignment):
    target = resolve(SPEC)
    with intercept(own_modules(target.is_own_file), policy):
        return execute(target, {"x": x, "y": y, **assignment}, timeout=5, max_depth=100,
                       strict=False, policy=policy)


def test_calls_are_recorded_with_their_stretch_of_the_path():
    r = _run(RecordingPolicy(), 4, 7)
    names = [c.qualname.rsplit(".", 2)[-2:] for c in r.calls]
    assert names == [["callees", "sign"], ["callees", "sign"], ["Scale", "times"], ["Scale", "half"]]
    assert r.returned == 4 * 3 + 7 // 2
    first, second = r.calls[0], r.calls[1]
    # sign(4) decided x > 0 inside its call; sign(7) decided y > 0 inside the second
    assert [b.frame for b in r.path[first.start:first.end]] == [first.index]
    assert r.path[first.start].term is not None and r.path[second.start].frame == second.index
    # sign returns constants, so comparing its results decides nothing symbolic
    assert all(b.frame != -1 for b in r.path)
    assert realize(first.result) == 1


def test_a_policy_can_stand_in_for_a_callee_and_mark_the_run_abstract():
    r = _run(RecordingPolicy(abstract_sign=True), 4, 7, **{"ret@0": 5, "ret@1": 5})
    assert r.notes.abstract
    assert [c.mode for c in r.calls[:2]] == ["abstract", "abstract"]
    # sign was not run: no branch of it is on the path, and the stand-in values were used
    assert all(b.frame == -1 for b in r.path)
    assert r.path[0].term.free == {var("ret@0", Sort.INT), var("ret@1", Sort.INT)}


def test_methods_are_wrapped_and_restored():
    target = resolve(SPEC)
    module = target.module
    originals = (module.sign, module.Scale.__dict__["times"], module.Scale.__dict__["half"])
    with intercept(own_modules(target.is_own_file), RecordingPolicy()) as wrapped:
        assert any(q.endswith("Scale.times") for q in wrapped)
        assert module.sign is not originals[0]
        assert isinstance(module.Scale.__dict__["half"], staticmethod)
        assert module.Scale.half(9) == 4 and module.Scale.name() == "Scale"
    assert (module.sign, module.Scale.__dict__["times"], module.Scale.__dict__["half"]) == originals


def test_dart_explores_through_methods():
    report = smartest.explore(SPEC, run_dir=None, deepen=False, coverage=False)
    assert report.complete_under_bounds and report.paths == report.runs
