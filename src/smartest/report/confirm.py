"""A bug is reported only if its input shows it when run plainly.

Under exploration the target's inputs are proxies and its calls may go through
models; an exception raised there by smartest's own code (a model that disagrees
with CPython, a recursion limit our walks reach first, a defect in the engine) lands
at the target's frame and looks like the target's bug. The user would get a failing
test that passes, or a bug that is not there. So every bug test is run again on
plain values, with no proxy, model or recorder: a bug that comes back is reported;
one that does not is taken out of the bugs, kept with what the plain run did, and
listed as something smartest got wrong, and `complete` is cleared, since the runs
that followed it may have followed a path the program does not take.
"""
from __future__ import annotations

import dataclasses
from typing import Iterable

from smartest.engine.execute import RunResult, execute
from smartest.engine.sandbox import Sandbox
from smartest.engine.target import Target
from smartest.engine.testcase import TestCase


def same_outcome(r: RunResult, t: TestCase, equal) -> bool:
    """Whether a plain run `r` did what test `t` says its run did."""
    return r.outcome.value == t.outcome and r.bug == t.bug and (
        equal(r.returned, t.returned) if t.outcome == "returned" else
        (r.raised is not None and t.raised is not None and r.raised.type == t.raised.type))


def confirm_bugs(target: Target, tests: list[TestCase], *, timeout: float, strict: bool,
                 sandbox: Sandbox | None, known: Iterable[int] = ()) -> tuple[list[TestCase], list[dict]]:
    """(tests with every unreproduced bug replaced by its plain run, what was replaced).
    `known`: indices of bug tests a plain replay already reproduced (the coverage
    replay's), not run again."""
    known = set(known)
    out, unreproduced = [], []
    for t in tests:
        if not t.bug or t.outcome != "raised" or t.index in known:   # hangs and exits are not re-run
            out.append(t)
            continue
        r = execute(target, t.inputs, timeout=timeout, max_depth=0, strict=strict, symbolic=False, sandbox=sandbox)
        if same_outcome(r, t, equal=None):   # a raised test: its value is never compared
            out.append(t)
            continue
        seen = t.raised.type if t.raised else t.outcome
        plain = r.raised.type if r.raised else r.outcome.value
        unreproduced.append({"index": t.index, "seen": seen, "where": t.raised.where if t.raised else "?",
                             "message": t.raised.message if t.raised else "", "plain": plain})
        out.append(dataclasses.replace(t, outcome=r.outcome.value, returned=r.returned, raised=r.raised,
                                       bug=r.bug))
    return out, unreproduced


def unreproduced_note(unreproduced: list[dict]) -> str:
    first = unreproduced[0]
    return (f"{len(unreproduced)} bug(s) seen under exploration did not happen when the input was run plainly "
            f"(first: {first['seen']} at {first['where']}, plain run: {first['plain']}); they are not reported "
            f"as bugs: smartest's own models or engine raised them, please report it")
