"""The HTML report (--html DIR): coverage.py's annotated source of the replayed
inputs, and a page per function with its bugs (the reproducing call and the
traceback of re-running it) and what smartest could not follow (concretizations).

The tests emitted (the minimal suite and one test per distinct bug) are replayed
here on the plain functions under one coverage.py measurement, so the annotated
source shows what the emitted suite covers; the tracebacks come from that replay,
not from the engine's records.
"""
from __future__ import annotations

import html
import os
from dataclasses import dataclass

from smartest.engine.execute import execute
from smartest.engine.target import Target
from smartest.report.report import Report
from smartest.report.text import _call


@dataclass
class Section:
    """One function of the report: explored (target and report) or not (reason)."""

    name: str
    target: Target | None
    report: Report | None
    reason: str = ""


def _page_name(name: str) -> str:
    return "fn_" + "".join(c if c.isalnum() else "_" for c in name) + ".html"


def write_html(directory: str, sections: list[Section], *, all_paths: bool = False, timeout: float = 5.0) -> str:
    """Write the report; returns the path of its index page."""
    import coverage

    os.makedirs(directory, exist_ok=True)
    explored = [s for s in sections if s.report is not None and s.target is not None]
    files = sorted({os.path.realpath(s.target.file) for s in explored if s.target.file})
    cov = coverage.Coverage(branch=True, data_file=None, include=files or [os.devnull])
    tracebacks: dict[tuple[str, int], str] = {}
    cov.start()
    try:
        for s in explored:
            bugs = {b.index for b in s.report.distinct_bugs}
            for t in s.report.suite(all_paths):
                if t.outcome not in ("returned", "raised") or (t.bug and t.index not in bugs):
                    continue
                tracebacks[(s.name, t.index)] = _run(s.target, t.inputs, timeout)
    finally:
        cov.stop()
    coverage_index = None
    try:
        cov.html_report(directory=os.path.join(directory, "coverage"), title="smartest: replayed inputs")
        coverage_index = "coverage/index.html"
    except coverage.exceptions.NoDataError:
        pass
    for s in explored:
        with open(os.path.join(directory, _page_name(s.name)), "w", encoding="utf-8") as f:
            f.write(_function_page(s, tracebacks))
    index = os.path.join(directory, "index.html")
    with open(index, "w", encoding="utf-8") as f:
        f.write(_index_page(sections, coverage_index))
    return index


def _run(target: Target, inputs, timeout: float) -> str:
    """Re-run the inputs plainly; the traceback of what it raised ('' if nothing)."""
    return execute(target, inputs, timeout=timeout, max_depth=0, strict=False, symbolic=False).traceback


_STYLE = ("body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
          "td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}pre{background:#f6f6f6;padding:.6em}")


def _doc(title: str, body: str) -> str:
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>{body}</body></html>\n")


def _index_page(sections: list[Section], coverage_index: str | None) -> str:
    rows = []
    for s in sections:
        if s.report is None:
            rows.append(f"<tr><td>{html.escape(s.name)}</td><td colspan=5>not explored: "
                        f"{html.escape(s.reason)}</td></tr>")
            continue
        r = s.report
        cov = r.coverage or {}
        branches = f"{cov.get('branches_covered', 0)}/{cov.get('branches_total', 0)}" if cov else "-"
        verdict = "complete" if r.complete else f"incomplete ({r.stop_reason})"
        rows.append(f"<tr><td><a href='{_page_name(s.name)}'>{html.escape(s.name)}</a></td><td>{r.runs}</td>"
                    f"<td>{r.paths}</td><td>{branches}</td><td>{len(r.distinct_bugs)}</td>"
                    f"<td>{html.escape(verdict)}</td></tr>")
    link = f"<p><a href='{coverage_index}'>Annotated source (coverage.py) of the replayed tests</a></p>" \
        if coverage_index else "<p>No replayed test executed the target's code.</p>"
    table = ("<table><tr><th>function</th><th>runs</th><th>paths</th><th>branches</th><th>bugs</th>"
             "<th>complete / why not</th></tr>" + "".join(rows) + "</table>")
    return _doc("smartest report", link + table)


def _function_page(s: Section, tracebacks: dict) -> str:
    r = s.report
    parts = [f"<p>{r.runs} runs, {r.paths} paths, {len(r.tests)} tests, "
             f"{'complete' if r.complete else 'incomplete (' + html.escape(r.stop_reason) + ')'}</p>"]
    for note in r.extra.get("annotation_notes", []):
        parts.append(f"<p>Note: {html.escape(note)}</p>")
    bugs = r.distinct_bugs
    parts.append(f"<h2>Bugs ({len(bugs)})</h2>")
    for b in bugs:
        what = f"{b.raised.type}: {b.raised.message}" if b.raised else b.outcome
        call = f"{s.target.qualname}({_call(dict(b.inputs))})"
        tb = tracebacks.get((s.name, b.index)) or "(did not raise again when re-run)"
        parts.append(f"<h3>{html.escape(what)}</h3><pre>{html.escape(call)}</pre><pre>{html.escape(tb)}</pre>")
    parts.append(f"<h2>What smartest could not follow ({len(r.concretizations)} concretization sites)</h2>")
    if r.concretizations:
        parts.append("<table><tr><th>where</th><th>why</th><th>runs</th></tr>" + "".join(
            f"<tr><td>{html.escape(str(c['where']))}</td><td>{html.escape(str(c['reason']))}</td>"
            f"<td>{c['runs']}</td></tr>" for c in r.concretizations) + "</table>")
    return _doc(s.name, "".join(parts))
