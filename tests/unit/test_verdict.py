"""The verdict of the text report: "complete up to strings of N" is a claim, made only
when the bounds alone kept the search from being complete."""
import pytest

from smartest.report.report import Report
from smartest.report.text import bounded_verdict, incomplete_why

BOUNDS = {"max_str_len": 4, "max_len": 4}
CONCRETIZED = [{"site": "m.py:3 (f)", "callee": "demand", "reason": "a condition depends on values outside",
                "count": 1, "runs": 1}]


def _report(**kw) -> Report:
    base = dict(target="m.py:f", strategy="demand", runs=10, paths=8, complete=False, time_s=0.1,
                solver={"queries": 3, "unknown": 0}, tests=[], stop_reason="exhausted", bounded=BOUNDS)
    return Report(**{**base, **kw})


def test_only_the_bounds_cut_the_search():
    assert bounded_verdict(_report()) == "complete up to strings of 4, containers of 4"


@pytest.mark.parametrize("kw", [
    dict(stop_reason="stalled"), dict(concretizations=CONCRETIZED), dict(divergences=2),
    dict(solver={"queries": 3, "unknown": 1}), dict(extra={"guess_misfits": 1}),
    dict(stop_reason="max_runs"), dict(bounded=None), dict(complete=True),
], ids=["stalled", "concretized", "diverged", "unknown", "guess", "budget", "unbounded", "complete"])
def test_anything_else_is_no_bounded_claim(kw):
    assert bounded_verdict(_report(**kw)) is None


OWN = [{"site": "m.py:7 (f)", "callee": "", "reason": "smart: m.h: a run contradicted its summary (inlined from now on)",
        "count": 1, "runs": 1}]
C_CODE = [{"site": "m.py:9 (f)", "callee": "re.match", "reason": "C code used the concrete value", "count": 1, "runs": 1}]


def test_a_strategys_own_imprecision_is_not_called_a_fall_back_on_concrete_values():
    # Only SMART's summaries did not fit: nothing left what smartest follows, and the
    # headline must not send the user looking for C code.
    assert incomplete_why(_report(strategy="smart", concretizations=OWN)) == \
        "smart's own analysis did not fit some runs"
    assert incomplete_why(_report(strategy="smart", concretizations=OWN + C_CODE)) == "fell back on concrete values"
    # Another strategy's name in the reason is not this strategy's own analysis.
    assert incomplete_why(_report(strategy="dart", concretizations=OWN)) == "fell back on concrete values"
