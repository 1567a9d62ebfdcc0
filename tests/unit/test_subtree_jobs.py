"""Subtree jobs of the parallel engines (engine/parallel.py): a subtree a searcher gave
away and gets back, replayed, is searched again, not dropped."""
import os

from smartest.calls.inline import InlinePolicy
from smartest.engine.execute import execute
from smartest.engine.loop import Engine
from smartest.engine.parallel import SubtreeSearcher
from smartest.engine.target import resolve
from smartest.options import Options
from smartest.solver import build_solver_chain

TARGET = os.path.join(os.path.dirname(__file__), "..", "integration", "targets", "ray_fault.py")


def test_a_subtree_given_away_and_handed_back_is_taken_again():
    target, options = resolve(f"{TARGET}:scan"), Options(strategy="dart", seed=5, deepen=False, run_dir=None)
    solver, stats = build_solver_chain(timeout_ms=options.solver_timeout_ms, max_str_len=options.max_str_len)
    searcher = SubtreeSearcher()
    engine = Engine(target, options, searcher=searcher, solver=solver, solver_stats=stats, policy=InlinePolicy())
    engine._random_run()                    # a > 10, b > 10, x == 4242: three sides to negate
    assert len(searcher) == 3
    job = searcher.split()                  # the shallowest goes to the coordinator ...
    assert len(searcher) == 2 and job.index == 0
    result = execute(target, dict(job.assignment), timeout=5, max_depth=options.max_depth, strict=False,
                     policy=InlinePolicy(), options=options)
    # ... which hands it back to this searcher (it went idle first): it is held again
    assert searcher.push_job(result.path, dict(job.assignment), job.index)
    assert len(searcher) == 3
    cand = searcher.select()
    assert cand.origin[2] == 0           # its first attempt negates the first branch again
