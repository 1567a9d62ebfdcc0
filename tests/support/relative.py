"""Relative completeness with respect to DART, checked by plain re-execution.

Each paper proves its strategy relatively complete with respect to DART: a finished
search of it reaches every bug a finished DART search reaches.  `compare` runs DART
and another configuration (a strategy, a --guided mode) under the same bounds,
re-runs every generated input on the plain function (support.oracle) under a line
tracer, and reports each disagreement:

- a bug label DART's inputs trigger and the other's do not, when both searches
  finished (stopped for a reason other than a budget);
- a branch arc (a pair of consecutive lines of the program's file in one frame)
  DART's inputs cover and the other's do not, when both finished;
- either claim, whenever the other configuration reports `complete`.

Under `--guided may` and `may-must` a run through code the annotations declare
verified is pruned on purpose (Guided DSE, ICSE'16): such a configuration owes DART
its bugs, not its line arcs.

The engine's own bookkeeping (its bug flags, its branch sides) is never read.

Two --guided modes of one strategy run the same search when they compile the program
to the same code (`instrumented`): the mode reaches an exploration only through the
instrumented module (guided/install.py compiles `instrument_with_plan`'s tree) and the
tryfirst wrapper (guided/session.py, present iff a tryfirst is placed), and the
search is deterministic.  On most annotated random programs `must` places nothing
(its code is `off`'s) and `may-must` only `may`'s assumes, so `compare` explores each
distinct (strategy, code) once and checks every configuration against it.
"""
from __future__ import annotations

import ast
import os
import sys
from dataclasses import dataclass, field

import smartest
from smartest.guided.instrument import instrument_with_plan
from support.oracle import label, load

# Bounded by runs, so which pairs are checked does not depend on machine load: a 60 s
# clock left LATEST unchecked on calc and on a few random programs it exhausts in
# 1,700 runs (14 CPU s) once the machine was shared.  The clock is a backstop far above
# what a search of 3,000 runs takes idle.
BUDGET = {"max_runs": 3000, "time_limit": 1800.0}
FINISHED = ("exhausted", "stalled")
PRUNING = ("may", "may-must")   # guided modes that skip verified executions by design


@dataclass
class Replayed:
    """What the plain re-execution of one configuration's inputs showed."""

    bugs: set = field(default_factory=set)
    arcs: set = field(default_factory=set)
    complete: bool = False
    finished: bool = False
    stop: str = ""
    runs: int = 0


def arcs_of(module, function: str, inputs: dict) -> tuple[str, set]:
    """The outcome label and the line arcs of the module's own code on one plain call."""
    filename = module.__file__
    arcs: set = set()
    last: dict = {}

    def local(frame, event, arg):
        if event == "line":
            arcs.add((last.get(frame), frame.f_lineno) if frame in last else (-frame.f_code.co_firstlineno,
                                                                             frame.f_lineno))
            last[frame] = frame.f_lineno
        return local

    def tracer(frame, event, arg):
        return local if frame.f_code.co_filename == filename else None

    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        lab = label(module, function, inputs)
    finally:
        sys.settrace(old)
    return lab, arcs


def raised_and_arcs(path: str, function: str, tests) -> tuple[set, set]:
    """Bugs and exceptions raised (a returned value may differ along one path: "returned")
    and the line arcs of the program's own code, on plain calls of every test's input."""
    module = load(path)
    labels, arcs = set(), set()
    for t in tests:
        lab, covered = arcs_of(module, function, dict(t.inputs))
        labels.add(lab if lab.startswith(("bug ", "raise ")) else "returned")
        arcs |= covered
    return labels, arcs


def replay(path: str, function: str, strategy: str, guided: str, bounds: dict) -> Replayed:
    report = smartest.explore(f"{path}:{function}", strategy=strategy, guided=guided, run_dir=None, deepen=False,
                              coverage=False,
                              **{**BUDGET, **bounds})
    module = load(path)
    out = Replayed(complete=report.complete_under_bounds, finished=report.stop_reason in FINISHED, stop=report.stop_reason,
                   runs=report.runs)
    for t in report.tests:
        if t.outcome not in ("returned", "raised"):
            continue
        lab, arcs = arcs_of(module, function, dict(t.inputs))
        out.arcs |= arcs
        if lab.startswith("bug "):
            out.bugs.add(lab)
    return out


def instrumented(path: str, guided: str) -> tuple:
    """What a --guided mode changes in an exploration of the program at `path`: the
    instrumented tree (line numbers included) and the kinds of the placements (a
    `tryfirst` adds the searcher wrapper).  Equal for two modes -> the same search."""
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    new, plan = instrument_with_plan(tree, guided, where=os.path.relpath(path))
    kinds = tuple(sorted({pl.kind for fn in plan.functions for pl in fn.placements})) if plan else ()
    return ast.dump(new, include_attributes=True), bool(plan), kinds


def compare(path: str, function: str, configs: list[tuple[str, str]], bounds: dict,
            seen: dict | None = None, shared: dict | None = None) -> dict[str, list[str]]:
    """Disagreements of each (strategy, guided) configuration with DART (guided off),
    by "strategy/guided"; a configuration that agrees has an empty list.  `seen`, when
    given, receives every configuration's Replayed (DART's as "dart/off") so a caller
    can tell which pairs were not checked because a search stopped at its budget;
    `shared` receives, for each configuration whose search was not run again because
    an earlier configuration compiles the program to the same code, that one's name."""
    code = {g: instrumented(path, g) for g in {"off", *(g for _, g in configs)}}
    dart = replay(path, function, "dart", "off", bounds)
    searched: dict = {("dart", code["off"]): ("dart/off", dart)}
    found: dict[str, list[str]] = {}
    name = os.path.basename(path)
    if seen is not None:
        seen["dart/off"] = dart
    for strategy, guided in configs:
        key = (strategy, code[guided])
        if key in searched:
            first, other = searched[key]
            if shared is not None:
                shared[f"{strategy}/{guided}"] = first
        else:
            other = replay(path, function, strategy, guided, bounds)
            searched[key] = (f"{strategy}/{guided}", other)
        if seen is not None:
            seen[f"{strategy}/{guided}"] = other
        problems = found[f"{strategy}/{guided}"] = []
        both = dart.finished and other.finished
        if not (both or other.complete):
            continue
        claim = "reported complete" if other.complete else f"finished ({other.stop})"
        missing_bugs = dart.bugs - other.bugs
        missing_arcs = dart.arcs - other.arcs if guided not in PRUNING else set()
        if missing_bugs:
            problems.append(f"{name}:{function} {strategy}/{guided} {claim} after {other.runs} runs without "
                         f"{sorted(missing_bugs)} that DART found (DART: {dart.stop}, {dart.runs} runs)")
        if missing_arcs:
            problems.append(f"{name}:{function} {strategy}/{guided} {claim} after {other.runs} runs without "
                         f"{len(missing_arcs)} line arcs DART covered, e.g. {sorted(missing_arcs)[:3]}")
    return found


def configurations(annotated: bool) -> list[tuple[str, str]]:
    """Every strategy but DART with guidance off, and every strategy with each
    --guided mode when the program has annotations."""
    from smartest.strategies import STRATEGIES
    configs = [(s, "off") for s in STRATEGIES if s != "dart"]
    if annotated:
        configs += [(s, g) for s in STRATEGIES for g in ("may", "must", "may-must")]
    return configs
