"""How a summarized call goes on its caller's path (SMART paper, §3.2): the outcome
class it fell in, and the term of the value it returned.

The value of a summary is `ite(pre_1, t_1, ite(pre_2, t_2, ...))` over every path of
the callee (`summary.py`).  That is the paper's disjunction, and it is what lets one
caller path stand for every callee path (locate/top: 2n + 3 runs).  But when that
value is passed on into another call of the target, the callee's conditions are
instantiated with it: a lexer's `skip_space(s, i)` returns a position, the next
call's `s[i]` then reads at an `ite` over every path, its own value nests that `ite`
again, and each later query carries all of them (calc at 7 characters: median 2,278
nodes per query, 2.5 runs per CPU second against DART's 288).  So once a function's
value (with more than `MAX_ITES` `ite` nodes) has been seen in another call's
arguments (`Producers`), its calls are answered by the path the run took instead:
its returned term t_i, and its precondition on the caller's path as flippable
decisions ("not path 1, ..., not path i-1, path i"), so the caller's search reaches
the callee's other paths by negating them, as DART does.  That costs DART's runs for
that call and keeps SMART's for the rest; the report counts such calls
(`split_calls`) and says why.
"""
from __future__ import annotations

import sys
from typing import Any, Mapping

from smartest.strategies.smart.summary import FunctionSummary, Instance, outcome_class
from smartest.symbolic.realize import realize
from smartest.terms import Term
from smartest.terms.evaluate import evaluate
from smartest.trace.recorder import Recorder

# A summarized int with more `ite` nodes than this, passed on into another call,
# makes its function's later calls answered by the run's path.
MAX_ITES = 16
SPLIT_WHY = (f"its value, a choice among more than {MAX_ITES + 1} paths, went on into another call's "
             "arguments: answered by the path each run took, so later positions stay one term")


def too_large(term: Term, most: int = MAX_ITES) -> bool:
    """Has the term more than `most` distinct `ite` nodes (counted on its DAG, stopping
    as soon as it has)?"""
    seen: set[int] = set()
    stack = [term]
    ites = 0
    while stack:
        t = stack.pop()
        if id(t) in seen or not t.args:
            continue
        seen.add(id(t))
        if t.op == "ite":
            ites += 1
            if ites > most:
                return True
        stack.extend(a for a in t.args if isinstance(a, Term))
    return False


class Producers:
    """The large summarized values of one run, by the function that returned them, and
    the functions one of whose values went on into a later call's arguments."""

    def __init__(self) -> None:
        self.composed: set[str] = set()
        self.grew = False     # since the searcher last asked (`reshaped`)
        self.begin_run()

    def begin_run(self) -> None:
        self._values: dict[Term, str] = {}

    def returned(self, qualname: str, value: Term) -> None:
        self._values[value] = qualname

    def passed(self, actuals: Mapping[Any, Term]) -> None:
        """A call's argument terms: does one hold a large value returned earlier?"""
        if not self._values:
            return
        seen: set[int] = set()
        stack = [t for t in actuals.values() if t is not None and t.args]
        while stack:
            t = stack.pop()
            if id(t) in seen:
                continue
            seen.add(id(t))
            q = self._values.get(t)
            if q is not None and q not in self.composed:
                self.composed.add(q)
                self.grew = True
            stack.extend(a for a in t.args if isinstance(a, Term) and a.args)

    def reshaped(self) -> bool:
        """Did a function join `composed` since the last call?  Its calls then go on the
        caller's path in another shape (one decision per path), so the trees built with
        the old one would no longer match the runs."""
        grew, self.grew = self.grew, False
        return grew


def record_outcome(rec: Recorder, inst: Instance, cls: tuple) -> None:
    """Which outcome class the call fell in, as decisions of the caller's path: the
    classes before it did not hold (flippable), and it did (flippable unless it is the
    last, which the domain implies; an assumption then, so the domain is on the path)."""
    frame = sys._getframe(1)
    classes = inst.classes
    i = next(j for j, (o, _) in enumerate(classes) if o == cls)
    log, rec.log = rec.log, None   # the policy's decisions, not the program's (stretch.py)
    try:
        for j in range(i):
            rec.branch(classes[j][1], False, frame)
        if i < len(classes) - 1:
            rec.branch(classes[i][1], True, frame)
        else:
            rec.assume(classes[i][1], True, frame)
    finally:
        rec.log = log


def record_path(rec: Recorder, summary: FunctionSummary, index: int, actuals: Mapping[Term, Term],
                env: Mapping[Term, Any]) -> Term | None:
    """Answer the call by the path `index` it ran: the earlier paths of its outcome
    class did not hold, this one did (each flippable), in the summary's order, which
    only grows at the end, so the decisions of one path are the same in every run.
    Returns that path's term (None if it has none)."""
    frame = sys._getframe(1)
    paths = summary.paths
    cls = outcome_class(index, paths[index])
    log, rec.log = rec.log, None   # the policy's decisions, not the program's (stretch.py)
    try:
        for j in range(index):
            p = paths[j]
            if outcome_class(j, p) == cls and p.formals <= env.keys():
                rec.branch(summary.path_instance(j, actuals)[0], False, frame)
        pre, post = summary.path_instance(index, actuals)
        rec.branch(pre, True, frame)
    finally:
        rec.log = log
    return post


def post_agrees(post: Term | None, env: Mapping[Term, Any], result: Any) -> bool:
    """Does the path's returned term give the value the call returned?"""
    if post is None:
        return True
    try:
        return evaluate(post, env) == realize(result)
    except Exception:
        return False
