"""Count the escapes (recorded concretizations) per callee over benchmarks/cmodels/targets.py.

Each function is explored with DART under a fixed run budget and fixed bounds; the
report's concretizations are summed per callee (the number of runs each was seen in),
and the generated inputs are re-run on the plain function (`outcomes`: how many
distinct return values or exception types they reach).  Counts only: runs, escapes,
outcomes, `complete`; no clock.

    PYTHONPATH=src PYTHONHASHSEED=0 python3 benchmarks/cmodels/escapes.py [--max-runs 60]
"""
from __future__ import annotations

import argparse
import collections
import inspect
import os
import sys

import smartest

HERE = os.path.dirname(os.path.abspath(__file__))


def _outcomes(fn, report) -> set:
    out = set()
    for t in report.tests:
        try:
            out.add(repr(fn(**t.inputs)))
        except Exception as e:  # noqa: BLE001 - an exception is an outcome
            out.add(type(e).__name__)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-runs", type=int, default=60)
    ap.add_argument("--strategy", default="dart")
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    sys.path.insert(0, HERE)
    import targets
    names = [n for n, f in vars(targets).items() if inspect.isfunction(f) and f.__module__ == "targets"]
    per_callee: collections.Counter = collections.Counter()
    print(f"{'function':16} {'runs':>5} {'queries':>7} {'outcomes':>8} {'complete':>8}  escapes (callee: runs)")
    for name in names:
        if args.only and name not in args.only:
            continue
        r = smartest.explore(f"{HERE}/targets.py:{name}", strategy=args.strategy, max_runs=args.max_runs,
                             time_limit=600, deepen=False, coverage=False)
        seen = collections.Counter()
        for c in r.concretizations:
            seen[c.get("callee") or c.get("reason")] += c.get("count", 1)
        per_callee.update(seen)
        shown = ", ".join(f"{k}: {v}" for k, v in seen.most_common()) or "-"
        print(f"{name:16} {r.runs:5} {r.solver.get('queries', 0):7} {len(_outcomes(getattr(targets, name), r)):8} "
              f"{str(r.complete):>8}  {shown}")
    print("\nper callee (runs with the escape, summed over the functions):")
    for k, v in per_callee.most_common():
        print(f"  {v:5}  {k}")


if __name__ == "__main__":
    main()
