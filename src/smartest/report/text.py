"""The text summary printed at the end of `smartest explore`."""
from __future__ import annotations

import os

from smartest.report.escapes import escape_lines
from smartest.report.report import Report


def _call(inputs: dict) -> str:
    """The call as source: `Color.RED`, `Point(x=1, y=2)` rather than their reprs."""
    from smartest.emit.literals import source
    return ", ".join(f"{k}={(source(v) or (repr(v),))[0]}" for k, v in inputs.items())


def summary(report: Report, qualname: str, emitted: tuple[str, dict] | None = None) -> str:
    solving = report.extra.get("opaque", {}).get("solving", "dart")
    guided = report.extra.get("guided")
    mode = (f", solving {solving}" if solving != "dart" else "") + (f", guided {guided['configuration']}" if guided else "")
    lines = [f"smartest: {report.target}  (strategy {report.strategy}{mode})"]
    if report.bounded and not report.complete and report.stop_reason in ("exhausted", "stalled"):
        verdict = (f"complete up to strings of {report.bounded['max_str_len']}, "
                   f"containers of {report.bounded['max_len']}")
    elif report.complete and "latest" in report.extra:
        verdict = "complete: every abstract path of the target was concretized or refuted"
    elif report.complete:
        verdict = "complete: every feasible path was run"
    else:
        why = {"max_runs": "run budget reached", "time_limit": "time limit reached",
               "interrupted": "interrupted", "stalled": "fell back on concrete values",
               "exhausted": "fell back on concrete values"}.get(report.stop_reason, report.stop_reason)
        if report.stop_reason in ("stalled", "exhausted") and report.solver.get("unknown") and \
                not report.concretizations and not report.divergences:
            why = "the solver could not decide some paths"
        verdict = f"incomplete ({why})"
    lines.append(f"  runs {report.runs}   paths {report.paths}   {verdict}   {report.time_s:.2f} s")
    s = report.solver
    lines.append(f"  solver: {s['queries']} queries ({s['sat']} sat, {s['unsat']} unsat, "
                 f"{s['unknown']} unknown), {s['time_s']:.2f} s")
    smart = report.extra.get("smart")
    if smart:
        fns = smart["functions"]
        reused = f", {smart['summaries_reused']} reused from {smart['store']}" if smart["summaries_reused"] else ""
        n = sum(1 for f in fns.values() if f["paths"])
        lines.append(f"  summaries: {smart['summaries']} path summaries of {n} function{'s' * (n != 1)}, "
                     f"{sum(f['summarized_calls'] for f in fns.values())} calls summarized{reused}")
    if guided:
        placed = sum(len(f["placements"]) for f in guided["functions"].values())
        lines.append(f"  guided: {len(guided['functions'])} annotated functions, {placed} conditions placed; "
                     f"{guided['pruned']} runs pruned, {guided['kept']} kept past an unverified assertion, "
                     f"{guided['interrupts']} tryfirst interrupts")
    demand = report.extra.get("demand")
    if demand:
        n = sum(1 for f in demand["functions"].values() if f["paths"])
        aim = f", aimed at {demand['target']}" if demand["target"] else ""
        lines.append(f"  demand: {demand['paths']} intraprocedural paths in {n} function{'s' * (n != 1)}; "
                     f"{demand['lazy_runs']} lazy and {demand['relevant_runs']} relevant runs, "
                     f"{demand['unreachable']} sides proved unreachable{aim}")
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
    lines.extend(escape_lines(report.concretizations, report.bounded))
    if report.extra:
        from smartest.report.mixed import text_lines
        lines.extend(text_lines(report.extra))
    bugs = report.distinct_bugs
    n = len(report.bugs)
    lines.append(f"  bugs: {len(bugs)}" + (f" distinct ({n} failing input{'s' if n != 1 else ''})" if bugs else ""))
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
