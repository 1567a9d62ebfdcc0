"""The job split of engine/parallel.py in one process: a searcher gives half its
candidates as jobs (one per parent run), a replay of a job's inputs gives its side
back, a job that returns to its giver is taken, and the three Splittable searchers
keep their frontier count through take/give."""
import os

import pytest

from smartest.calls.inline import InlinePolicy
from smartest.engine.execute import execute
from smartest.engine.loop import Engine
from smartest.engine.worker import give_half as _give_half, push_job
from smartest.engine.target import resolve
from smartest.options import Options
from smartest.search.dfs import DepthFirstSearcher
from smartest.solver import build_solver_chain
from smartest.strategies.generational import GenerationalSearcher
from smartest.strategies.interleaved import InterleavedSearcher
from smartest.strategies.portfolio import PortfolioSearcher
from smartest.strategies.portfolio.duet import build as build_duet

TARGET = os.path.join(os.path.dirname(__file__), "..", "integration", "targets", "parallel_bugs.py")


def _first_run(searcher):
    options = Options(max_str_len=4, deepen=False, seed=3)
    target = resolve(f"{TARGET}:scan")
    solver, stats = build_solver_chain(timeout_ms=options.solver_timeout_ms, max_str_len=4)
    engine = Engine(target, options, searcher=searcher, solver=solver, solver_stats=stats, policy=InlinePolicy())
    engine._random_run()
    return engine


def _replay(engine, job):
    o = engine.options
    return execute(engine.target, dict(job.assignment), timeout=o.per_run_timeout, max_depth=o.max_depth,
                   strict=o.strict, policy=engine.policy, options=o)


def _duet():
    return build_duet(None, None, None)[0]


@pytest.mark.parametrize("make", [DepthFirstSearcher, PortfolioSearcher, _duet, InterleavedSearcher, GenerationalSearcher])
def test_half_the_candidates_leave_as_jobs_and_a_replay_brings_each_back(make):
    engine = _first_run(make())
    searcher = engine.searcher
    before = searcher.pending()
    assert before >= 4
    given: set = set()
    jobs = _give_half(searcher, given)
    sides = sum(1 + len(j.more) for j in jobs)
    assert sides == before // 2 == len(given) and searcher.pending() == before - sides
    assert len(jobs) == 1      # all from the one run so far: one replay serves them all
    job = jobs[0]
    # the giver's tree holds those sides as pending: without `given` it refuses them ...
    result = _replay(engine, job)
    assert not push_job(searcher, result.path, dict(job.assignment), job.index)
    # ... and with it takes each back once
    for index in (job.index, *job.more):
        assert push_job(searcher, result.path, dict(job.assignment), index, given)
    assert searcher.pending() == before and not given
    # every candidate it holds again is a side of the first run not yet run
    while (cand := searcher.select()) is not None:
        node, side, index = cand.origin
        assert node.status[int(side)].value == "pending"


def test_a_fresh_searcher_takes_a_job_from_another():
    giver = _first_run(DepthFirstSearcher())
    job = _give_half(giver.searcher, set())[0]
    taker = DepthFirstSearcher()        # a worker that has not run this part of the tree
    result = _replay(giver, job)
    assert push_job(taker, result.path, dict(job.assignment), job.index)
    assert not push_job(taker, result.path, dict(job.assignment), job.index)   # the same side twice: refused
    assert taker.pending() == 1 and taker.give() is None    # below two, nothing is given
