"""The recorder's decision log (`Recorder.log`): SMART's resume stretch compares how two
runs went on after a call by it (strategies/smart/stretch.py), so it must hold every
decision from where it was started, those taken while the path is suspended inside a
summarized call too, and nothing before."""
from __future__ import annotations

from smartest.terms import Sort, build
from smartest.terms.term import const, var
from smartest.trace.recorder import Recorder


def test_the_log_keeps_every_decision_from_where_it_was_started_suspended_ones_too():
    rec = Recorder()
    x = var("x", Sort.INT)
    rec.branch(build.lt(x, const(1)), True)
    assert rec.log is None                      # not kept unless a policy asks
    rec.log = []
    rec.suspended += 1
    rec.branch(build.lt(x, const(2)), False)    # off the path, still a decision the run made
    rec.suspended -= 1
    rec.branch(build.lt(x, const(3)), True)
    rec.branch(build.lt(x, const(3)), True)     # already decided: not on the path again, but run again
    assert [taken for _, taken in rec.log] == [False, True, True]
    assert len(rec.path) == 2
    assert rec.decisions == 4
