"""The strategy registry: a named strategy is a preset of a Searcher and a CallPolicy.

A new strategy is a new entry here (and its searcher or policy in its own module),
never an edit to the engine loop.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from smartest.calls.inline import InlinePolicy
from smartest.search.dfs import DepthFirstSearcher
from smartest.search.generational import GenerationalSearcher


@dataclass(frozen=True)
class Strategy:
    name: str
    description: str
    searcher: Callable[[], object]
    call_policy: Callable[[], object]


STRATEGIES: dict[str, Strategy] = {
    "dart": Strategy("dart", "DART: depth-first directed search, calls inlined",
                     DepthFirstSearcher, InlinePolicy),
    "generational": Strategy("generational", "SAGE-style generational search, calls inlined",
                             GenerationalSearcher, InlinePolicy),
}
