"""LATEST's long concretizations are parked, not dropped (strategies/latest/searcher.py,
`_drive`): a concretization asks at most a budget of candidates outside the probes,
then waits, with its pending candidate, until the frontier is empty, and is resumed
with twice the budget until it ends."""
from __future__ import annotations

from smartest.strategies.latest.searcher import LatestSearcher


def _concretization(n: int, tag: str, concretizer=None, probe_from: int = -1, log: list | None = None):
    """A stand-in for a concretization: asks n candidates, 50 of them from probe_from
    on inside a probe (as `Concretizer._probed` marks them); records the replies."""
    for i in range(n):
        if concretizer is not None:
            concretizer.probing = 1 if 0 <= probe_from <= i < probe_from + 50 else 0
        reply = yield (tag, i)
        if log is not None:
            log.append(reply)
    return True


def _drain(driver, replies: str = "r") -> list:
    asked = []
    try:
        cand = next(driver)
        while True:
            asked.append(cand)
            cand = driver.send(f"{replies}{len(asked)}")
    except StopIteration:
        return asked


def test_a_concretization_past_its_budget_is_parked_with_its_pending_candidate_and_resumed_to_its_end():
    searcher = LatestSearcher()
    log: list = []
    asked = _drain(searcher._drive(_concretization(300, "a", log=log), LatestSearcher.PARK_AFTER))
    assert asked == [("a", i) for i in range(LatestSearcher.PARK_AFTER)]
    assert searcher.stats.parked == 1 and len(searcher._parked) == 1
    gen, pending, budget = searcher._parked.pop()
    assert pending == ("a", LatestSearcher.PARK_AFTER) and budget == LatestSearcher.PARK_AFTER
    # Resumed with twice the budget: the pending candidate first, the replies in order.
    rest = _drain(searcher._drive(gen, 2 * budget, pending), replies="s")
    assert rest == [("a", i) for i in range(LatestSearcher.PARK_AFTER, 300)]
    assert log == [f"r{i}" for i in range(1, LatestSearcher.PARK_AFTER + 1)] + \
        [f"s{i}" for i in range(1, 300 - LatestSearcher.PARK_AFTER + 1)]
    assert searcher.stats.parked == 1 and not searcher._parked


def test_a_short_concretization_runs_to_its_end_and_the_probes_are_not_counted():
    searcher = LatestSearcher()
    assert len(_drain(searcher._drive(_concretization(LatestSearcher.PARK_AFTER, "b"), LatestSearcher.PARK_AFTER))) \
        == LatestSearcher.PARK_AFTER
    assert not searcher._parked
    # 50 candidates inside a probe do not count: 128 + 50 asked before it is parked,
    # and never inside the probe.
    asked = _drain(searcher._drive(_concretization(400, "c", searcher.concretizer, probe_from=10),
                                   LatestSearcher.PARK_AFTER))
    assert len(asked) == LatestSearcher.PARK_AFTER + 50 and searcher._parked[0][1] == ("c", len(asked))
