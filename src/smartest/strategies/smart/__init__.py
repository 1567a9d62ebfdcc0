"""SMART: compositional dynamic test generation with function summaries
(Godefroid, POPL'07, ../shared/papers).

A function's explored paths become a **summary** (section 3.1: a disjunction of
preconditions over its formal parameters, each with an outcome and a returned term);
a later call whose calling context the summary covers is not explored again, its
summary joins the caller's path instead (section 3.2), so the number of runs grows
with the sum, not the product, of the functions' path counts (Theorem 2: the search
is still relatively complete with respect to DART).

    module         implements
    ──────         ──────────
    searcher.py    the top-down search with a context stack (Figures 1 and 3, starred lines)
    policy.py      the call policy: explore an uncovered call, summarize a covered one (§3.2)
    summary.py     path and function summaries, their instances at a call site (§3.1)
    answer.py      a summarized call on the caller's path: its outcome class and value (§3.2)
    store.py       summaries kept between explorations, keyed by the function's code (SQLite)
    dart_order.py  `--strategy smart-dfs`: the summaries in DART's depth-first order (issue 12)
    activations.py its call policy: every call run, each outermost callee seen through its own variables

The purity analysis that decides which functions may be summarized is shared with
the demand-driven strategy and lives in `calls/purity.py`.
"""
from __future__ import annotations

from smartest.strategies.smart.searcher import Settings, build

__all__ = ["Settings", "build"]
