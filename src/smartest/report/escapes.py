"""What smartest could not follow, grouped for people: one line per callee (the C
function, library function or method that read a concrete value), with the places in
the target's code it was reached from, and the bounds a path was cut by.

Shared by the text summary and the docstring of an emitted test module, so both say
the same thing; the JSON report keeps the flat list (`concretizations`: site, callee,
reason, count).
"""
from __future__ import annotations

from typing import Sequence


def grouped(concretizations: Sequence[dict]) -> list[tuple[str, str, int, list[str]]]:
    """(callee, reason, runs, sites) per callee, most runs first; a concretization without
    a callee (a model's own fallback) is grouped under its reason."""
    groups: dict[str, list] = {}
    for c in concretizations:
        callee = c.get("callee") or ""
        key = callee or c.get("reason", "")
        g = groups.setdefault(key, [callee, c.get("reason", ""), 0, []])
        g[2] += c.get("count", c.get("runs", 0))
        site = c.get("site", c.get("where", "?"))
        if site not in g[3]:
            g[3].append(site)
    return sorted((tuple(g) for g in groups.values()), key=lambda g: -g[2])


def escape_lines(concretizations: Sequence[dict], bounded: dict | None = None, limit: int = 8,
                 indent: str = "  ") -> list[str]:
    """The lines that tell a user what was not followed and where (empty: nothing)."""
    out: list[str] = []
    if bounded:
        out.append(f"{indent}complete at most up to strings of {bounded['max_str_len']}, "
                   f"containers of {bounded['max_len']} (a longer input was cut by these bounds)")
    groups = grouped(concretizations)
    if groups:
        out.append(f"{indent}not followed symbolically (each makes the search incomplete):")
    for callee, reason, runs, sites in groups[:limit]:
        where = ", ".join(sites[:3]) + (f" and {len(sites) - 3} more" if len(sites) > 3 else "")
        head = f"{callee}: {reason}" if callee else reason
        out.append(f"{indent}  {head}  [{runs} run{'s' * (runs != 1)}; at {where}]")
    if len(groups) > limit:
        out.append(f"{indent}  ... and {len(groups) - limit} more")
    return out
