"""The report of opaque calls and mixed solving: which opaque functions were
concretized how often (per solving mode) or evaluated by the solver, and which paths
mixed solving decided, with how (plain, random value, incremental try, partition)
and on which opaque values."""
from __future__ import annotations

from collections import defaultdict
from typing import Any, Sequence

from smartest.solving.opaque import REASON
from smartest.engine.outcome import as_json_value
from smartest.engine.testcase import TestCase
from smartest.terms.uninterpreted import show


def opaque_section(solving: str, concretizations: Sequence[dict], mixed_stats=None) -> dict:
    """{"solving": mode, "functions": {key: {"concretized_runs": n, "how": ..., "evaluations": n}}}."""
    functions: dict[str, dict[str, Any]] = defaultdict(dict)
    for c in concretizations:
        reason = c["reason"]
        if not reason.startswith(REASON):
            continue
        key, _, how = reason[len(REASON):].partition(": ")
        f = functions[key]
        f["concretized_runs"] = f.get("concretized_runs", 0) + c["runs"]
        f.setdefault("how", how)
    if mixed_stats is not None:
        for key, n in mixed_stats.evaluations.items():
            functions[key]["evaluations"] = n
    return {"solving": solving, "functions": dict(sorted(functions.items()))}


def _match(decisions, tests: Sequence[TestCase]) -> list[tuple[Any, TestCase | None]]:
    """Pair each decision with the run it produced: the next directed test whose inputs
    agree with the decision's model (the engine runs every model as soon as it is found)."""
    out, i = [], 0
    directed = [t for t in tests if t.directed]
    for d in decisions:
        hit = None
        for j in range(i, len(directed)):
            t = directed[j]
            if all(t.inputs.get(k, v) == v for k, v in d.model.items()):
                hit, i = t, j + 1
                break
        out.append((d, hit))
    return out


def mixed_section(stats, tests: Sequence[TestCase]) -> dict:
    paths = []
    for d, t in _match(stats.decisions, tests):
        paths.append({
            "test": t.index if t is not None else None,
            "inputs": {k: as_json_value(v) for k, v in (t.inputs if t is not None else d.model).items()},
            "branch": show(d.branch), "how": d.how,
            "evaluations": {name: as_json_value(v) for name, v in d.evaluations},
            "new_path": t.new_path if t is not None else None,
        })
    return {
        "queries": stats.queries, "decided": stats.decided, "unsat": stats.unsat, "gave_up": stats.gave_up,
        "by_how": dict(stats.by_how), "failed_evaluations": stats.failed_evaluations,
        "rejected_models": stats.rejected_models, "decided_paths": paths,
    }


def text_lines(extra: dict) -> list[str]:
    """Lines for the text summary."""
    lines = []
    op = extra.get("opaque")
    if op and op["functions"]:
        shown = []
        for key, f in op["functions"].items():
            parts = []
            if f.get("concretized_runs"):
                parts.append(f"concretized in {f['concretized_runs']} runs ({f.get('how', '')})")
            if f.get("evaluations"):
                parts.append(f"evaluated {f['evaluations']} times by the solver")
            shown.append(f"{key}: {', '.join(parts) or 'never called on symbolic values'}")
        lines.append(f"  opaque calls (solving {op['solving']}): " + "; ".join(shown))
    mx = extra.get("mixed")
    if mx and mx["queries"]:
        how = "; ".join(f"{k}: {v}" for k, v in sorted(mx["by_how"].items()))
        lines.append(f"  mixed solving: {mx['queries']} path constraints with a complex part: "
                     f"{mx['decided']} decided ({how or 'none'}), {mx['unsat']} unsat, {mx['gave_up']} gave up")
        new = [p for p in mx["decided_paths"] if p["new_path"]]
        for p in new[:5]:
            ev = ", ".join(f"{k} = {v!r}" for k, v in p["evaluations"].items())
            lines.append(f"    run {p['test'] + 1 if p['test'] is not None else '?'}: {p['branch']} via {p['how']}"
                         + (f" [{ev}]" if ev else ""))
        if len(new) > 5:
            lines.append(f"    ... and {len(new) - 5} more paths decided by mixed solving")
    return lines
