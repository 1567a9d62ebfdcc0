"""The cost of the escape checks: DART's runs per CPU second on locate_top.top with the
checks on and switched off, measured in one invocation on the same code.

    PYTHONPATH=src python3 benchmarks/locate_top_rps.py [--pairs 11] [--strategy dart]

Each sample is a fresh process (`--child on|off`) that explores locate_top.top at
n = 4, 8, 16 three times (252 runs) after one warm-up exploration and reports its
CPU seconds, runs, the solver queries the engine asked and the bound probes made.
Samples alternate on, off, off, on, ... so that a change of machine load (other
sessions share its two cores) falls on both sides; the figures are medians, and the
median of the per-pair ratios.

"Off" switches off what issue 11 added to every run: the call guard (calls in the
target's code are not rewritten into `__smartest_call__`, so the profile hook of
library code is never installed either), the recording wrappers of the dunders the
proxies inherit, and the bound probe of iterative deepening.  The off child makes
`escapes.call` raise, so a guard left in place would fail the measurement instead of
being timed.  Both sides explore under fixed bounds (`deepen=False`), as the
benchmark runner does, so they run the same paths.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.path.join(HERE, "programs", "locate_top.py") + ":top"
SIZES = (4, 8, 16)


def _switch_off() -> None:
    from smartest.engine import deepening
    from smartest.models import escapes, rewrite

    rewrite._Rewriter._guarded = lambda self, node: node          # no call guard in the loaded code

    def guard_reached(*args, **kwargs):
        raise AssertionError("the call guard ran with the checks switched off")
    escapes.call = guard_reached
    for cls, _ in escapes.PROXIES:
        for name, value in list(vars(cls).items()):
            if getattr(value, "__smartest_escape__", False):
                delattr(cls, name)                                 # back to the builtin's own method
    deepening.BoundProbe.__call__ = lambda self, constraints, hints: None


def child(mode: str, reps: int, strategy: str) -> dict:
    if mode == "off":
        _switch_off()
    import smartest

    def explore(n):
        return smartest.explore(TARGET, run_dir=None, coverage=False, max_str_len=n, deepen=False, strategy=strategy)

    explore(4)   # imports, the rewrite of the target, z3's start
    runs = queries = probes = 0
    t0 = time.process_time()
    for _ in range(reps):
        for n in SIZES:
            report = explore(n)
            runs += report.runs
            queries += report.solver["queries"]
            probes += report.solver.get("probes", 0)
    cpu = time.process_time() - t0
    return {"mode": mode, "runs": runs, "cpu_s": cpu, "rps": runs / cpu, "queries": queries, "probes": probes}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=int, default=11, help="on/off pairs of samples (default 11)")
    ap.add_argument("--reps", type=int, default=3, help="explorations of each size per sample (default 3)")
    ap.add_argument("--strategy", default="dart", help="the strategy explored with (default dart, as benchmarks/run.py)")
    ap.add_argument("--child", choices=("on", "off"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.reps, args.strategy)))
        return
    samples: dict[str, list[dict]] = {"on": [], "off": []}
    ratios = []
    for i in range(args.pairs):
        pair = {}
        for mode in (("on", "off") if i % 2 == 0 else ("off", "on")):
            out = subprocess.run([sys.executable, __file__, "--child", mode, "--reps", str(args.reps),
                                  "--strategy", args.strategy],
                                 check=True, capture_output=True, text=True).stdout
            pair[mode] = json.loads(out.strip().splitlines()[-1])
            samples[mode].append(pair[mode])
        ratios.append(pair["on"]["rps"] / pair["off"]["rps"])
        print(f"pair {i + 1:2}: on {pair['on']['rps']:6.0f}  off {pair['off']['rps']:6.0f} runs/cpu-s", flush=True)
    for mode in ("on", "off"):
        s = samples[mode][0]
        print(f"checks {mode:3}: median {statistics.median(x['rps'] for x in samples[mode]):6.0f} runs/cpu-s; "
              f"per run: {s['queries'] / s['runs']:.2f} solver queries, {s['probes'] / s['runs']:.3f} bound probes "
              f"({s['runs']} runs a sample)")
    cost = 1 - statistics.median(ratios)
    print(f"cost of the escape checks: {100 * cost:.1f} % fewer runs per CPU second "
          f"(median of {len(ratios)} pair ratios; medians alone: "
          f"{100 * (1 - statistics.median(x['rps'] for x in samples['on']) / statistics.median(x['rps'] for x in samples['off'])):.1f} %)")


if __name__ == "__main__":
    main()
