"""Demand-driven compositional symbolic execution (Anand, Godefroid, Tillmann,
TACAS'08, ../shared/papers).

Every function has its own **intraprocedural execution tree**; a side of a branch no
run has taken is a *dangling node*.  A node is closed on demand (Algorithm 1): first
*lazily*, by a formula Ψ_n that drives a run along known paths of every function to
it, then, if that is unsatisfiable, by a *relevant* exploration of the callees that
may still reach it (Algorithm 2).  Summaries are uninterpreted functions whose
axioms are the callees' explored paths (section 3).

    module        implements
    ──────        ──────────
    searcher.py   Algorithm 1: choose a dangling node, find an input for it
    formula.py    Ψ_n: the path to a node through the trees, summaries as axioms (§3, Algorithm 2)
    trees.py      intraprocedural execution trees with call nodes and dangling nodes
    policy.py     the call policy: a run's path split into each function's local path

Static targets (`--target assert|raise|FILE:LINE`) come from `search/targets.py`,
shared with any strategy that aims.
"""
from __future__ import annotations

from smartest.strategies.demand.searcher import Settings, build

__all__ = ["Settings", "build"]
