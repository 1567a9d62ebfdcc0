"""Branch coverage measured by coverage.py, by replaying every generated input
concretely (no proxies, no recorder): the figure does not depend on the engine's
own bookkeeping, and the replay checks that each test's outcome is reproducible.

Counted over the functions of the target's own modules that any replay executed,
plus the target itself: unrelated functions of the same file do not dilute it.
"""
from __future__ import annotations

import json
import os
import tempfile
from typing import Iterable

from smartest.engine.execute import execute
from smartest.engine.sandbox import Sandbox
from smartest.engine.target import Target
from smartest.engine.testcase import TestCase
from smartest.report.confirm import same_outcome


def replay_with_coverage(target: Target, tests: Iterable[TestCase], *, timeout: float, strict: bool,
                         sandbox: Sandbox | None = None) -> tuple[dict, dict]:
    """(coverage dict, replay dict): branch/line figures, outcome mismatches, and the
    messages the plain runs' exceptions gave where they differ from the exploration's
    (`'SymInt' object is not iterable` for `'int' object...`: a test's `match=` and a
    bug's line must say what the user will see).
    The replay runs the target again, so under the exploration's sandbox."""
    import coverage

    tests = [t for t in tests if t.outcome in ("returned", "raised")]
    files = sorted({f for f in _own_files(target)}) or ([os.path.realpath(target.file)] if target.file else [])
    # Never an empty include: coverage.py would then measure everything, smartest included.
    cov = coverage.Coverage(branch=True, data_file=None, include=files or [os.devnull])
    cov.set_option("run:disable_warnings", ["no-data-collected"])  # no test to replay is not news
    mismatches = []
    otherwise: list[dict] = []   # runs whose plain replay ended another way (returned / raised, another type)
    messages: dict[int, str] = {}   # what the plain run's exception says, where the proxies showed
    cov.start()
    try:
        for t in tests:
            cov.switch_context(str(t.index))
            r = execute(target, t.inputs, timeout=timeout, max_depth=0, strict=strict, symbolic=False,
                        sandbox=sandbox)
            if not same_outcome(r, t, values_equal):
                mismatches.append(t.index)
                if _otherwise(r, t):
                    otherwise.append({"index": t.index, "recorded": _said(t.outcome, t.raised, t.returned),
                                      "plain": _said(r.outcome.value, r.raised, r.returned)})
            elif t.raised is not None and r.raised is not None and r.raised.message != t.raised.message:
                messages[t.index] = r.raised.message
    finally:
        cov.stop()
    replay = {"replayed": len(tests), "mismatches": mismatches, "plain_messages": messages}
    if otherwise:
        replay["otherwise"] = otherwise
    replay["minimal"], replay["new_arcs"] = minimal_suite(cov.get_data(), tests)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "coverage.json")
        try:
            cov.json_report(outfile=out)
        except coverage.exceptions.NoDataError:
            return {"branches_covered": 0, "branches_total": 0, "lines_covered": 0, "lines_total": 0,
                    "functions": []}, replay
        with open(out, encoding="utf-8") as f:
            data = json.load(f)
    return _summarize(data, target), replay


_SCALARS = (bool, int, float, complex, str, bytes, type(None))


def _otherwise(r, t: TestCase) -> bool:
    """Whether a plain replay ended another way than the run it replays: returned where
    the run raised or the reverse, another exception type, or another scalar value (an
    int, a str...: what a different path computes).  Other values that differ are not
    counted (a returned object without `__eq__` never equals its replay's).  A replay
    that hung or met the sandbox says nothing about the path."""
    if r.outcome.value not in ("returned", "raised"):
        return False
    if r.outcome.value != t.outcome:
        return True
    if t.outcome == "raised":
        return r.raised is None or t.raised is None or r.raised.type != t.raised.type
    a, b = t.returned, r.returned
    if type(a) not in _SCALARS or type(b) not in _SCALARS or (a != a and b != b):   # NaN is itself
        return False
    return type(a) is not type(b) or not values_equal(a, b)


def _said(outcome: str, raised, returned=None) -> str:
    if outcome == "raised" and raised is not None:
        return f"raised {raised.type}"
    return f"returned {returned!r}"[:80] if type(returned) in _SCALARS else outcome


def outcome_class(t: TestCase) -> tuple:
    """What a reviewer tells apart without reading the code: the type returned, or
    the exception's type and place."""
    if t.outcome == "returned":
        return ("returned", type(t.returned).__name__)
    return (t.outcome, t.raised.type if t.raised else "", t.raised.where if t.raised else "")


def minimal_suite(data, tests: list[TestCase]) -> tuple[list[int], dict[str, list]]:
    """The regression tests worth keeping, shortest input first: each adds a branch
    arc or line (as coverage.py saw its replay) or an outcome class over those kept
    before it.  Bug tests are chosen elsewhere (one per distinct bug) and not here.
    Returns (kept test indices, {index: the arcs it added, as [file, from, to]})."""
    files = sorted(data.measured_files())
    kept: list[int] = []
    new_arcs: dict[str, list] = {}
    seen_arcs: set = set()
    seen_lines: set = set()
    seen_outcomes: set = set()
    for t in sorted((t for t in tests if not t.bug), key=lambda t: (len(repr(sorted(t.inputs.items()))), t.index)):
        data.set_query_contexts([f"^{t.index}$"])
        arcs = {(f, a, b) for f in files for a, b in (data.arcs(f) or ())}
        lines = {(f, n) for f in files for n in (data.lines(f) or ())}
        added = arcs - seen_arcs
        oc = outcome_class(t)
        if added or lines - seen_lines or oc not in seen_outcomes:
            kept.append(t.index)
            new_arcs[str(t.index)] = sorted([list(a) for a in added], key=lambda a: (a[0], a[1], a[2]))
        seen_arcs |= arcs
        seen_lines |= lines
        seen_outcomes.add(oc)
    data.set_query_contexts(None)
    return sorted(kept), new_arcs


def values_equal(a, b) -> bool:
    """a == b, where the target's own __eq__ may raise or return a non-bool."""
    try:
        return bool(a == b)
    except Exception:
        return False


def _own_files(target: Target) -> list[str]:
    from smartest.calls.intercept import own_modules
    return [os.path.realpath(m.__file__) for m in own_modules(target.is_own_file)]


def _summarize(data: dict, target: Target) -> dict:
    covered = total = lines_cov = lines_total = 0
    functions = []
    target_name = target.qualname
    for fname, fdata in data.get("files", {}).items():
        is_target_file = target.file and os.path.realpath(fname) == os.path.realpath(target.file)
        for func, fd in fdata.get("functions", {}).items():
            if not func:
                continue
            if not fd.get("executed_lines") and not (is_target_file and func == target_name):
                continue
            s = fd["summary"]
            covered += s["covered_branches"]
            total += s["num_branches"]
            lines_cov += s["covered_lines"]
            lines_total += s["num_statements"]
            functions.append({"file": os.path.relpath(fname), "function": func,
                              "branches_covered": s["covered_branches"], "branches_total": s["num_branches"],
                              "missing_branches": fd.get("missing_branches", [])})
    return {"branches_covered": covered, "branches_total": total,
            "lines_covered": lines_cov, "lines_total": lines_total, "functions": functions}
