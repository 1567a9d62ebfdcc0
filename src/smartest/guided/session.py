"""`Guidance`: what guided DSE adds to one exploration, whatever the strategy.

    guidance = Guidance(target, options)          # find, analyze and compile annotated functions
    searcher = guidance.wrap(searcher)            # tryfirst wrapper, for must / may-must
    with guidance.installed():                    # instrumented code in, original code back after
        engine.explore()
    report.extra.update(guidance.report())

Only the target's own modules that import the annotations are read.  With no
annotated function, guidance changes nothing.
"""
from __future__ import annotations

import ast
import contextlib
import sys
from types import ModuleType
from typing import Callable

from smartest.engine.target import Target
from smartest.guided.continuation import Continuations
from smartest.guided.install import Installation, PreparedModule, prepare, references_annotations
from smartest.guided.runtime import INTERRUPTS, GuidedRuntime
from smartest.guided.tryfirst import TryFirstSearcher
from smartest.options import Options


class Guidance:
    def __init__(self, target: Target, options: Options,
                 rewrite: Callable[[ast.Module], ast.Module] | None = None) -> None:
        self.configuration = options.guided
        kwargs = {"rewrite": rewrite} if rewrite is not None else {}
        self.prepared: list[PreparedModule] = []
        for module in list(sys.modules.values()):
            if (isinstance(module, ModuleType) and references_annotations(module)
                    and target.is_own_file(getattr(module, "__file__", "") or "")):
                p = prepare(module, self.configuration, strict=options.strict, **kwargs)
                if p is not None:
                    self.prepared.append(p)
        continuations = Continuations(target.is_own_file, Target.call.__code__, options.strict)
        self.runtime = GuidedRuntime(continuations, INTERRUPTS)

    @property
    def placements(self):
        return [pl for p in self.prepared if p.swaps for f in p.plan.functions for pl in f.placements]

    def wrap(self, searcher):
        """The searcher, behind the tryfirst wrapper when there is a tryfirst to run."""
        if any(pl.kind == "tryfirst" for pl in self.placements):
            return TryFirstSearcher(searcher, self.runtime)
        return searcher

    def installed(self):
        if not self.prepared:
            return contextlib.nullcontext()
        return Installation(self.prepared, self.runtime)

    def summary_lines(self) -> list[str]:
        """The text report's line about guidance (none when it is off)."""
        guided = self.report().get("guided")
        if not guided:
            return []
        placed = sum(len(f["placements"]) for f in guided["functions"].values())
        return [f"guided: {len(guided['functions'])} annotated functions, {placed} conditions placed; "
                f"{guided['pruned']} runs pruned, {guided['kept']} kept past an unverified assertion, "
                f"{guided['interrupts']} tryfirst interrupts"]

    def report(self) -> dict:
        if not self.prepared and self.configuration == "off":
            return {}
        functions = {}
        for p in self.prepared:
            swapped = {fn.__code__.co_qualname if hasattr(fn.__code__, "co_qualname") else fn.__name__
                       for fn, _ in p.swaps}
            for f in p.plan.functions:
                functions[f"{p.module.__name__}.{f.qualname}"] = {
                    "instrumented": any(f.qualname == q or f.qualname.startswith(q + ".") for q in swapped),
                    "placements": [f"{pl.line}: {pl.kind} {pl.formula}" for pl in f.placements],
                    **({} if f.guided else {"note": "too many assumption identifiers: encoded, not guided"}),
                }
        counts = self.runtime.counts
        return {"guided": {
            "configuration": self.configuration, "functions": functions,
            "pruned": counts["pruned"], "kept": counts["kept"], "interrupts": counts["interrupts"],
            "unknown_callers": counts["unknown_callers"],
            "skipped": [s for p in self.prepared for s in p.skipped],
        }}
