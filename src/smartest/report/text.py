"""The text summary printed at the end of `smartest explore`."""
from __future__ import annotations

import os

from smartest.engine.ambient import PREFIX, is_ambient
from smartest.report.escapes import escape_lines
from smartest.report.report import Report
from smartest.report.terminal import safe_text


def _call(inputs: dict) -> str:
    """The call as source: `Color.RED`, `Point(x=1, y=2)` rather than their reprs."""
    from smartest.engine.literals import source
    return ", ".join(f"{k}={(source(v) or (repr(v),))[0]}" for k, v in inputs.items())


def bounded_verdict(report: Report) -> str | None:
    """"complete up to strings of N, containers of M" when only the bounds' ceiling kept
    the search from being complete, else None.  Only then: a search that also left
    the theory, diverged or met an undecided query is not complete under the bounds
    either (demand on calc_tokens said "complete up to strings of 4" over a list of
    concretizations)."""
    if report.bounded and not report.complete and report.complete_under_bounds:
        return f"complete up to strings of {report.bounded['max_str_len']}, containers of {report.bounded['max_len']}"
    return None


def incomplete_why(report: Report, time_limit: str = "time limit reached") -> str:
    """Why an incomplete search is incomplete, in words (shared with a package's table)."""
    why = {"max_runs": "run budget reached", "time_limit": time_limit, "max_bugs": "stopped at its bug limit",
           "deepen": f"{time_limit} while raising the bounds",
           "interrupted": "interrupted", "stalled": "fell back on concrete values",
           "exhausted": "fell back on concrete values"}.get(report.stop_reason, report.stop_reason)
    if report.stop_reason in ("stalled", "exhausted") and report.solver.get("unknown") and \
            not report.concretizations and not report.divergences:
        why = "the solver could not decide some paths"
    if report.stop_reason in ("stalled", "exhausted") and report.extra.get("sandbox", {}).get("refused"):
        why = "the sandbox ended runs at a side effect"
    if report.stop_reason in ("stalled", "exhausted") and report.replay.get("otherwise"):
        why = "runs ended another way when re-run plainly"
    if report.stop_reason in ("stalled", "exhausted") and report.extra.get("guess_misfits"):
        why = "a guessed parameter type does not fit"
    if report.stop_reason in ("stalled", "exhausted") and report.concretizations and \
            all(is_ambient(c.get("reason", "")) for c in report.concretizations):
        # Every concretization is a read of an input smartest does not make (engine/ambient.py).
        what = dict.fromkeys(c["reason"][len(PREFIX):].split(" (")[0] for c in report.concretizations)
        why = "it reads inputs smartest does not make: " + ", ".join(what)
    own = f"{report.strategy}: "
    if report.stop_reason in ("stalled", "exhausted") and report.concretizations and \
            all(c.get("reason", "").startswith(own) for c in report.concretizations):
        # The strategy's own summaries or trees did not fit some runs (SMART's summary
        # contradicted, demand's local path off its tree): no value left what smartest
        # follows, so "fell back on concrete values" would send the user looking for C code.
        why = f"{report.strategy}'s own analysis did not fit some runs"
    return why


def summary(report: Report, qualname: str, emitted: tuple[str, dict] | None = None) -> str:
    solving = report.extra.get("opaque", {}).get("solving", "dart")
    guided = report.extra.get("guided")
    mode = (f", solving {solving}" if solving != "dart" else "") + (f", guided {guided['configuration']}" if guided else "")
    lines = [f"smartest: {report.target}  (strategy {report.strategy}{mode})"]
    verdict = bounded_verdict(report) or (f"complete: {report.complete_means}" if report.complete else
                                          f"incomplete ({incomplete_why(report)})")
    lines.append(f"  runs {report.runs}   paths {report.paths}   {verdict}   {report.time_s:.2f} s")
    resumed = report.extra.get("resumed")
    if resumed:
        lines.append(f"  resumed: {resumed['replayed_runs']} of {resumed['recorded_runs']} recorded runs replayed "
                     f"(counted once)" + ("" if resumed["replay_diverged_at"] is None else
                                          f", replay diverged at run {resumed['replay_diverged_at'] + 1}"))
    if report.fallback_runs:
        lines.append(f"  fallback: {report.fallback_runs} runs of DART-style negation after the strategy's "
                     f"own frontier was empty" + (f" ({report.fallback_why})" if report.fallback_why else ""))
    s = report.solver
    lines.append(f"  solver: {s['queries']} queries ({s['sat']} sat, {s['unsat']} unsat, "
                 f"{s['unknown']} unknown), {s['time_s']:.2f} s")
    for entry in s.get("unknown_queries", ())[:3]:
        lines.append(f"    unknown after {entry['seconds']:.1f} s: {entry['why']}; it asked for {entry['condition']}")
    lines.extend(f"  {note}" for note in report.notes)
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
    for note in report.extra.get("annotation_notes", []):
        lines.append(f"  note: {note}")
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
        if t.outcome in ("timeout", "exited", "side-effect", "memory"):
            other.setdefault(t.outcome, t)
    for outcome, t in other.items():
        why = f"   refused {t.raised.message}" if outcome == "side-effect" and t.raised else ""
        lines.append(f"  {outcome}: {qualname}({_call(dict(t.inputs))}){why}")
    refused = report.extra.get("sandbox", {}).get("refused")
    if refused:
        kinds = ", ".join(f"{k} {n}" for k, n in refused.items())
        lines.append(f"  sandbox: refused {sum(refused.values())} side effects ({kinds}); "
                     f"--allow KIND or --allow-all lets them through")
    if emitted:
        path, counts = emitted
        of = f" of {counts['paths']} (minimal suite)" if counts.get("paths", counts["regression"]) != counts["regression"] else ""
        lines.append(f"  tests written to {path} ({counts['regression']} regression{of}, {counts['bug']} bug)")
        if counts.get("unstable"):
            n = counts["unstable"]
            lines.append(f"  {n} of them {'asserts' if n == 1 else 'assert'} less than the run saw: the outcome "
                         f"differed in another process (hash seed, id, chance, clock); each test says how")
    if report.run_dir:
        lines.append(f"  run directory: {report.run_dir}")
    # Each line escaped on its own: a newline inside a message is the target's text.
    return "\n".join(safe_text(line) for line in lines)
