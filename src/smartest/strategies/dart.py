"""DART: depth-first directed search with every call inlined (SMART paper, Figure 3,
as recalled in §2).  The searcher lives in `search/dfs.py`, since the parallel engine
and the Hypothesis backend run it too; the concrete fallback and the completeness
flag are the engine's (`engine/loop.py`, `trace/path.py`).
"""
from __future__ import annotations

from smartest.calls.inline import InlinePolicy
from smartest.search.dfs import DepthFirstSearcher

__all__ = ["DepthFirstSearcher", "build"]


def build(options, solver, target) -> tuple[DepthFirstSearcher, InlinePolicy]:
    """The `dart` strategy: depth-first search over one tree, every call inlined."""
    return DepthFirstSearcher(), InlinePolicy()
