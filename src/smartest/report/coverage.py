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


def replay_with_coverage(target: Target, tests: Iterable[TestCase], *, timeout: float, strict: bool,
                         sandbox: Sandbox | None = None) -> tuple[dict, dict]:
    """(coverage dict, replay dict): branch/line figures, and outcome mismatches.
    The replay runs the target again, so under the exploration's sandbox."""
    import coverage

    tests = [t for t in tests if t.outcome in ("returned", "raised")]
    files = sorted({f for f in _own_files(target)})
    cov = coverage.Coverage(branch=True, data_file=None, include=files or None)
    cov.set_option("run:disable_warnings", ["no-data-collected"])  # no test to replay is not news
    mismatches = []
    cov.start()
    try:
        for t in tests:
            r = execute(target, t.inputs, timeout=timeout, max_depth=0, strict=strict, symbolic=False,
                        sandbox=sandbox)
            same = r.outcome.value == t.outcome and r.bug == t.bug and (
                _equal(r.returned, t.returned) if t.outcome == "returned" else
                (r.raised is not None and t.raised is not None and r.raised.type == t.raised.type))
            if not same:
                mismatches.append(t.index)
    finally:
        cov.stop()
    replay = {"replayed": len(tests), "mismatches": mismatches}
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


def _equal(a, b) -> bool:
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
