"""SMART's text report: per function, which calls were explored, summarized (and why,
and how many from the store) or inlined (and why)."""
from __future__ import annotations


def imprecise(q: str, what: str) -> str:
    """The reason a summarized call of `q` fell back on the run's concrete values.  The
    strategy's name leads it, so the report can tell SMART's own imprecision from code
    smartest does not follow (report/text.py `incomplete_why`)."""
    return f"smart: {q}: {what}"


def summary_text(smart: dict) -> list[str]:
    """The `summaries:` line of the text report and one line per function."""
    fns = smart["functions"]
    reused = f", {smart['summaries_reused']} reused from {smart['store']}" if smart["summaries_reused"] else ""
    n = sum(1 for f in fns.values() if f["paths"])
    saved = smart["resumes_taken"]
    resumed = (f"; {saved} finished context{'s' * (saved != 1)} resumed from {'their' if saved != 1 else 'its'} "
               f"last run (the saved input not run again)") if saved else ""
    kept = smart.get("stretches_kept", 0)
    resumed += (f"; {kept} finished context{'s' * (kept != 1)} resumed from the saved input, "
                f"{'their' if kept != 1 else 'its'} last run's path kept (it went on otherwise)") if kept else ""
    return [f"summaries: {smart['summaries']} path summaries of {n} function{'s' * (n != 1)}, "
            f"{sum(f['summarized_calls'] for f in fns.values())} calls summarized{reused}{resumed}",
            *(f"note: {n}" for n in smart.get("store_notes", ())), *function_lines(smart)]


def function_lines(smart: dict, most: int = 12) -> list[str]:
    """Per function: how its calls were handled by SMART and why (issue 12)."""
    out = []
    for q, f in list(smart["functions"].items())[:most]:
        parts = []
        if f["explored_calls"]:
            parts.append(f"{f['explored_calls']} explored (their context was not covered yet: "
                         f"{f['paths']} path summaries)")
        if f["summarized_calls"]:
            stored = f", {f['stored']} of them from the store" if f["stored"] else ""
            past, n = f.get("bounded_calls", 0), f["summarized_calls"]
            why = "the context implied its preconditions" if not past else \
                f"{n - past}: the context implied its preconditions; {past}: past the bound on paths"
            split = f.get("split_calls", 0)
            split = f"; {split} of them answered by the path they ran: {smart['split_why']}" if split else ""
            parts.append(f"{f['summarized_calls']} summarized ({why}{stored}{split})")
        if f["inlined_calls"]:
            why = "; ".join(f"{n}: {reason}" for reason, n in f.get("inlined_why", {}).items())
            parts.append(f"{f['inlined_calls']} inlined ({why})")
        if f["incomplete_paths"]:
            parts.append(f"{f['incomplete_paths']} path summaries leave conditions out")
        out.append(f"  {q}: " + ("; ".join(parts) or "never called symbolically"))
    for q, why in smart.get("not_summarized", {}).items():   # every one: the reason is the point
        out.append(f"  {q}: inlined, never summarized ({why})")
    return out
