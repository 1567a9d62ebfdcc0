"""The strategy registry: a named strategy is a preset of a Searcher and a CallPolicy.

Each strategy is a module (or a folder, one per paper) that exposes
`build(options, solver, target) -> (Searcher, CallPolicy)` and, if it has settings
of its own, a frozen dataclass `Settings` (see `strategies/settings.py`).  The
registry names the module by its dotted path and imports it only when the strategy
is chosen, as Hypothesis loads a backend, so nothing below this folder imports a
strategy and a new strategy is one entry here plus its own folder, never an edit
to the engine loop or to `Options`.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class Strategy:
    name: str
    description: str
    paper: str
    module: str      # dotted path of the module that builds it

    def load(self) -> ModuleType:
        return importlib.import_module(self.module)

    def build(self, options, solver, target) -> tuple:
        """A fresh (searcher, policy) pair; the two may share state."""
        return self.load().build(options, solver, target)

    def settings_type(self) -> type | None:
        return getattr(self.load(), "Settings", None)


STRATEGIES: dict[str, Strategy] = {}


def register(strategy: Strategy) -> None:
    STRATEGIES[strategy.name] = strategy


register(Strategy("dart", "DART: depth-first directed search, calls inlined", "DART, as recalled in SMART §2",
                  "smartest.strategies.dart"))
register(Strategy("generational", "SAGE-style generational search, calls inlined", "SAGE (Godefroid et al., NDSS'08)",
                  "smartest.strategies.generational"))
register(Strategy("interleaved", "depth-first search interleaved with shallowest-uncovered-first choices, calls "
                  "inlined", "KLEE (Cadar et al., OSDI'08) interleaved searchers; SAGE's coverage scoring",
                  "smartest.strategies.interleaved"))
register(Strategy("portfolio", "DART's depth-first and generational search in strict turns over one tree, each in "
                  "its own order, calls inlined", "portfolio of searchers (KLEE's interleaving, SAGE's generations)",
                  "smartest.strategies.portfolio"))
register(Strategy("portfolio3", "the portfolio with a third half, the shallowest side not yet covered, calls inlined",
                  "portfolio of searchers (KLEE's interleaving, SAGE's generations)", "smartest.strategies.portfolio.three"))
register(Strategy("duet", "the interleaved order, with generational search at the 2nd, 4th, 8th... choice, over one "
                  "tree, each in its own order, calls inlined", "portfolio of searchers (KLEE's interleaving, SAGE's generations)",
                  "smartest.strategies.portfolio.duet"))
register(Strategy("smart", "SMART: top-down compositional search with function summaries",
                  "SMART (Godefroid, POPL'07) §3", "smartest.strategies.smart"))
register(Strategy("smart-dfs", "SMART's summaries in DART's depth-first order: every call run, a side skipped "
                  "when a run took its skeleton side, a side DART's query refutes asked under the callees' summaries",
                  "SMART (Godefroid, POPL'07) §3.2, in DART's order (issue 12)", "smartest.strategies.smart.dart_order"))
register(Strategy("latest", "LATEST: lazy expansion, input-dependent calls abstracted and expanded on demand",
                  "LATEST (Majumdar & Sen, UCB/EECS-2007-36)", "smartest.strategies.latest"))
register(Strategy("demand", "demand-driven compositional: per-function trees, lazy then relevant exploration "
                  "of a target", "Anand, Godefroid, Tillmann (TACAS'08) Algorithms 1-2", "smartest.strategies.demand"))
