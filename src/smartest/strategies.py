"""The strategy registry: a named strategy is a preset of a Searcher and a CallPolicy.

A new strategy is a new entry here (and its searcher or policy in its own module),
never an edit to the engine loop.  `build` receives the options and the solver
chain (a policy may need to ask the solver, as SMART does to check that a calling
context is covered by a summary) and returns a fresh (searcher, policy) pair; the
two may share state.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from smartest.calls.inline import InlinePolicy
from smartest.search.dfs import DepthFirstSearcher
from smartest.search.generational import GenerationalSearcher
from smartest.search import demand, smart


@dataclass(frozen=True)
class Strategy:
    name: str
    description: str
    paper: str
    build: Callable[..., tuple]     # (options, solver, target) -> (searcher, policy)


STRATEGIES: dict[str, Strategy] = {}


def register(strategy: Strategy) -> None:
    STRATEGIES[strategy.name] = strategy


register(Strategy("dart", "DART: depth-first directed search, calls inlined", "DART, as recalled in SMART §2",
                  lambda options, solver, target: (DepthFirstSearcher(), InlinePolicy())))
register(Strategy("generational", "SAGE-style generational search, calls inlined", "SAGE (Godefroid et al., NDSS'08)",
                  lambda options, solver, target: (GenerationalSearcher(), InlinePolicy())))
register(Strategy("smart", "SMART: top-down compositional search with function summaries", "SMART (Godefroid, POPL'07) §3",
                  smart.build))


def _latest(options, solver, target):
    from smartest.search.lazy import build_latest
    return build_latest(options, solver, target)


register(Strategy("latest", "LATEST: lazy expansion, input-dependent calls abstracted and expanded on demand",
                  "LATEST (Majumdar & Sen, UCB/EECS-2007-36)", _latest))
register(Strategy("demand", "demand-driven compositional: per-function trees, lazy then relevant exploration of a target",
                  "Anand, Godefroid, Tillmann (TACAS'08) Algorithms 1-2", demand.build_strategy))
