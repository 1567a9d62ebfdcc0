"""The text summary printed at the end of `smartest explore`."""
from __future__ import annotations

import os

from smartest.report.report import Report


def _call(inputs: dict) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in inputs.items())


def summary(report: Report, qualname: str, emitted: tuple[str, dict] | None = None) -> str:
    lines = [f"smartest: {report.target}  (strategy {report.strategy})"]
    if report.complete and "latest" in report.extra:
        verdict = "complete: every abstract path of the target was concretized or refuted"
    elif report.complete:
        verdict = "complete: every feasible path was run"
    else:
        why = {"max_runs": "run budget reached", "time_limit": "time limit reached",
               "interrupted": "interrupted", "stalled": "fell back on concrete values",
               "exhausted": "fell back on concrete values"}.get(report.stop_reason, report.stop_reason)
        verdict = f"incomplete ({why})"
    lines.append(f"  runs {report.runs}   paths {report.paths}   {verdict}   {report.time_s:.2f} s")
    s = report.solver
    lines.append(f"  solver: {s['queries']} queries ({s['sat']} sat, {s['unsat']} unsat, "
                 f"{s['unknown']} unknown), {s['time_s']:.2f} s")
    cov = report.coverage
    if cov and cov.get("branches_total") is not None:
        bt, bc = cov["branches_total"], cov["branches_covered"]
        pct = f" ({100 * bc / bt:.0f}%)" if bt else ""
        funcs = ", ".join(sorted({f["function"] for f in cov.get("functions", [])}))
        lines.append(f"  coverage (coverage.py, replayed): {bc}/{bt} branches{pct}, "
                     f"{cov['lines_covered']}/{cov['lines_total']} lines in {funcs or qualname}")
    if report.replay.get("mismatches"):
        lines.append(f"  warning: {len(report.replay['mismatches'])} tests did not reproduce on replay "
                     f"(the target depends on state or randomness)")
    for c in report.concretizations[:5]:
        lines.append(f"  concretized at {c['where']}: {c['reason']}")
    if len(report.concretizations) > 5:
        lines.append(f"  ... and {len(report.concretizations) - 5} more concretization sites")
    bugs = report.distinct_bugs
    lines.append(f"  bugs: {len(bugs)}" + (f" distinct ({len(report.bugs)} failing inputs)" if bugs else ""))
    for b in bugs:
        r = b.raised
        where = os.path.relpath(r.where.rsplit(":", 1)[0]) + ":" + r.where.rsplit(":", 1)[1] if r and ":" in r.where else "?"
        lines.append(f"    {r.type}: {r.message}  at {where}" if r else f"    {b.outcome}")
        lines.append(f"      {qualname}({_call(dict(b.inputs))})   [test {b.index + 1}]")
    other = {}
    for t in report.tests:
        if t.outcome in ("timeout", "exited"):
            other.setdefault(t.outcome, t)
    for outcome, t in other.items():
        lines.append(f"  {outcome}: {qualname}({_call(dict(t.inputs))})")
    if emitted:
        path, counts = emitted
        lines.append(f"  tests written to {path} ({counts['regression']} regression, {counts['bug']} bug)")
    if report.run_dir:
        lines.append(f"  run directory: {report.run_dir}")
    return "\n".join(lines)
