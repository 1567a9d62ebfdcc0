"""Annotations for code under test, all no-ops when the code runs outside smartest.

`assume(cond)` prunes runs whose inputs violate `cond` (an input precondition, not a
bug).  The other annotations (`opaque`, `partition`, `assumed`, `check`) are defined
by the strategies that read them and re-exported from here.
"""
from __future__ import annotations

import sys

from smartest.errors import AssumptionViolated  # noqa: F401  (public: what assume raises)
from smartest.trace.recorder import ACTIVE


def assume(condition) -> None:
    """Inputs that make `condition` false are outside the function's domain.

    Under smartest the condition joins the path constraint as an assumption (never
    negated) and a run that violates it is discarded; outside smartest it does
    nothing, so the annotated code runs unchanged.
    """
    rec = ACTIVE.get()
    if rec is None:
        return
    from smartest.symbolic.bools import SymBool
    if isinstance(condition, SymBool):
        rec.assume(condition.term, condition.value, sys._getframe(1))
        holds = condition.value
    else:
        holds = bool(condition)
    if not holds:
        raise AssumptionViolated()


from smartest.solving.opaque import opaque, partition  # noqa: E402  (defined with the opaque calls)
