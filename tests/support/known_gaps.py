"""Corpus programs the engine does not handle completely yet, shared by every test
that walks the corpus so a known gap is declared once."""
from __future__ import annotations

# strict xfail in test_corpus: when a gap is closed and the program passes, this
# list must shrink.  Other corpus walks skip these programs.
KNOWN_GAPS: dict[str, str] = {
    # p40_float_int_mixed was here while its hardest query (23.7M z3 steps, about 3 s)
    # raced a wall-clock timeout; queries are now bounded by steps (--solver-rlimit).
}

# Disagreements of a strategy (or --guided mode) with DART found by the relative
# completeness suite (tests/integration/test_relative_completeness.py), keyed by the
# test id: strict xfail until fixed.
_DEMAND_GUIDED = ("demand under --guided: the search stalls (no false `complete`) without a side DART "
                  "reaches; the guided wrapper's pruned or reordered runs and demand's lazy/relevant "
                  "candidates do not compose yet (not investigated; strategies/demand/ and guided/)")
STRATEGY_GAPS: dict[str, str] = {
    "guided_quote.quote_test demand/must": _DEMAND_GUIDED,
    "deposit_guided.deposit_test demand/may": _DEMAND_GUIDED,
    "deposit_guided.deposit_test demand/must": _DEMAND_GUIDED,
    "deposit_guided.deposit_test demand/may-must": _DEMAND_GUIDED,
    "deposit_guided.deposit_test_extra demand/must": _DEMAND_GUIDED,
}
