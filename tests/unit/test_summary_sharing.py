"""SMART's path summaries between the workers of one exploration (engine/parallel.py):
what one worker's policy found reaches another's through the coordinator, once, and
is not sent back; a new region forgets the contexts searched to their end in the
last one, not the summaries nor the implications."""
import os

from smartest.engine.target import resolve
from smartest.options import Options
from smartest.solver import build_solver_chain
from smartest.strategies import STRATEGIES
from smartest.strategies.smart.policy import COVERED, EXHAUSTED
from smartest.strategies.smart.summary import PathSummary, formal
from smartest.terms import Sort, build, const

TARGET = os.path.join(os.path.dirname(__file__), "..", "integration", "targets", "parallel_summaries.py")
Q = "parallel_summaries.bucket"


def _policy():
    options = Options(strategy="smart", run_dir=None)
    solver, _ = build_solver_chain()
    searcher, policy = STRATEGIES["smart"].build(options, solver, resolve(f"{TARGET}:route"))
    return searcher, policy


def _path(k: int) -> PathSummary:
    s = formal(Q, "s", Sort.STR)
    return PathSummary((build.eq(s, const(str(k))),), ("value", "Int"), const(k))


def test_a_workers_summary_reaches_the_others_once():
    _, a = _policy()
    _, coordinator = _policy()
    _, b = _policy()
    a.summary(Q).add(_path(1))
    a.summary(Q).add(_path(2))
    told = a.news()
    assert told == {Q: [_path(1), _path(2)]}
    assert a.news() is None                       # told once
    fresh = coordinator.learn(told)
    assert fresh == told and coordinator.learn(told) == {}   # the coordinator passes on what is new only
    b.summary(Q).add(_path(3))
    assert b.learn(fresh) == fresh
    assert [p.post.value for p in b.summary(Q).paths] == [3, 1, 2]
    assert b.news() == {Q: [_path(3)]}            # what it heard is not sent back


def test_a_new_region_keeps_summaries_and_implications_not_exhausted_contexts():
    searcher, policy = _policy()
    policy.summary(Q).add(_path(1))
    policy.cover.update({("a",): COVERED, ("b",): EXHAUSTED, ("c",): 1})
    searcher.restart()
    assert policy.cover == {("a",): COVERED, ("c",): 1}
    assert policy.summary(Q).version == 1 and searcher.settled
