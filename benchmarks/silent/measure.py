"""Silent reads in library code: for each target of
tests/integration/targets/silent/silent_targets.py, does smartest say `complete` while
an outcome or a branch arc is unreached?

Each target is explored with DART under a fixed run budget and fixed bounds.  The
oracle trusts nothing of the engine: smartest's inputs, then seeded random inputs (ints
from small to huge, strings over a small alphabet) and a few edge values, are run on the
plain function in a fresh copy of the module, under coverage.py with branch
measurement over the library's files and the target's; an outcome class (the value
returned or the exception type) or an arc that the random inputs reach and smartest's
do not is a miss.  `false complete` = complete and a miss.  Counts only, no clock.

    PYTHONPATH=src PYTHONHASHSEED=0 python3 benchmarks/silent/measure.py [--max-runs 60] [--random 2000]
"""
from __future__ import annotations

import argparse
import collections
import importlib.util
import inspect
import os
import random
import sys

import coverage

import smartest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "integration", "targets")
TARGETS = os.path.realpath(os.path.join(ROOT, "silent", "silent_targets.py"))
LIBRARY = os.path.realpath(os.path.join(ROOT, "silent_library.py"))


def _plain():
    spec = importlib.util.spec_from_file_location("plain_silent_targets", TARGETS)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _random_value(kind: str, rng: random.Random):
    if kind == "str":
        return "".join(rng.choice("ab-x") for _ in range(rng.randrange(4)))
    pick = rng.random()
    if pick < 0.5:
        return rng.randrange(-8, 70)
    if pick < 0.8:
        return rng.randrange(-1000, 70000)
    return rng.choice([-1, 1]) * rng.randrange(2 ** 80)


EDGES = {"int": [0, 1, 2, 3, 5, 9, 42, 256, 300, 65535, 65536, -1, -3, -4, 2 ** 70],
         "str": ["", "a", "b", "x", "a-x", "ab"]}


def _outcome(fn, value):
    try:
        return repr(fn(value))
    except Exception as e:  # noqa: BLE001 - an exception is an outcome
        return type(e).__name__


def _observe(fn, values) -> tuple[set, set]:
    """Outcome classes and branch arcs (over the target and the library) of `values`."""
    cov = coverage.Coverage(branch=True, data_file=None, include=[TARGETS, LIBRARY])
    cov.start()
    try:
        outcomes = {_outcome(fn, v) for v in values}
    finally:
        cov.stop()
    data = cov.get_data()
    arcs = {(os.path.basename(f), a) for f in data.measured_files() for a in (data.arcs(f) or ())}
    return outcomes, arcs


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-runs", type=int, default=60)
    ap.add_argument("--random", type=int, default=2000)
    ap.add_argument("--strategy", default="dart")
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    plain = _plain()
    names = [n for n, f in vars(plain).items()
             if inspect.isfunction(f) and f.__module__ == plain.__name__ and not n.startswith("_")]
    totals = collections.Counter()
    print(f"{'target':22} {'runs':>4} {'queries':>7} {'complete':>8} {'missed':>6}  verdict; recorded callees")
    for name in names:
        if args.only and name not in args.only:
            continue
        fn = getattr(plain, name)
        kind = "str" if inspect.signature(fn).parameters and \
            next(iter(inspect.signature(fn).parameters.values())).annotation in (str, "str") else "int"
        r = smartest.explore(f"{TARGETS}:{name}", strategy=args.strategy, max_runs=args.max_runs,
                             time_limit=600, deepen=False, coverage=False, seed=0, run_dir=None)
        mine = [next(iter(t.inputs.values())) for t in r.tests if t.inputs]
        rng = random.Random(name)
        others = EDGES[kind] + [_random_value(kind, rng) for _ in range(args.random)]
        got, got_arcs = _observe(fn, mine)
        all_out, all_arcs = _observe(fn, mine + others)
        missed = (all_out - got) | {f"arc {a}" for a in all_arcs - got_arcs}
        callees = sorted({c.get("callee") or c.get("reason", "")[:40] for c in r.concretizations})
        verdict = "FALSE COMPLETE" if r.complete and missed else \
            ("complete, all" if r.complete else ("incomplete, all" if not missed else "incomplete, says so"))
        queries = r.solver.get("queries")
        totals["targets"] += 1
        totals["false"] += verdict == "FALSE COMPLETE"
        totals["complete"] += bool(r.complete)
        totals["runs"] += r.runs
        print(f"{name:22} {r.runs:>4} {str(queries):>7} {str(bool(r.complete)):>8} {len(missed):>6}  {verdict}; "
              f"{', '.join(callees) or '-'}" + (f"  missed {sorted(missed)[:3]}" if missed else ""))
    print(f"targets {totals['targets']}, complete {totals['complete']}, false complete {totals['false']}, "
          f"runs {totals['runs']}")


if __name__ == "__main__":
    main()
