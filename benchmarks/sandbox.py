"""What the sandbox costs: runs per second with it on and off.

    python benchmarks/sandbox.py runs      # one run of a corpus program, repeated
    python benchmarks/sandbox.py corpus    # whole explorations of the corpus programs
    python benchmarks/sandbox.py           # both

`runs` times `execute` on the same inputs, in alternating blocks with the sandbox on
and off, and keeps the best block of each (the least disturbed by other load on the
machine): the cost per run of the audit hook and of confining a run.  Times are
the process's CPU time (z3 runs in the process), which other load disturbs less
than wall time.  `corpus`
explores each program (no coverage replay) with the sandbox on and off, alternating,
best of `--repeat`, and prints runs per second: the cost as a user meets it, solver
included.  Both print on/off ratios; the counts are stable, the seconds are not.
"""
from __future__ import annotations

import argparse
import glob
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("SMARTEST_SRC", os.path.join(HERE, "..", "src")))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

import smartest  # noqa: E402
from smartest.engine.execute import execute  # noqa: E402
from smartest.engine.sandbox import Sandbox  # noqa: E402
from smartest.engine.target import resolve  # noqa: E402
from support.oracle import load  # noqa: E402

PROGRAMS = os.path.join(HERE, "..", "tests", "programs")


def _block(target, inputs, n: int, sandbox) -> float:
    t0 = time.process_time()
    for _ in range(n):
        execute(target, inputs, timeout=5.0, max_depth=5000, strict=False, sandbox=sandbox)
    return (time.process_time() - t0) / n


def runs(n: int, blocks: int, pattern: str) -> None:
    print(f"{'program':32} {'off runs/s':>11} {'on runs/s':>10} {'cost':>7}")
    sandbox = Sandbox()
    try:
        for path in sorted(glob.glob(os.path.join(PROGRAMS, pattern))):
            expected = load(path).EXPECTED
            target = resolve(f"{path}:{expected['function']}")
            rng = random.Random(0)
            opts = smartest.Options(max_str_len=expected.get("max_str_len", 4))
            inputs = {p.name: p.kind.draw(rng, opts) for p in target.params}
            off = on = float("inf")
            for _ in range(blocks):
                off = min(off, _block(target, inputs, n, None))
                on = min(on, _block(target, inputs, n, sandbox))
            print(f"{os.path.basename(path)[:-3]:32} {1 / off:11.0f} {1 / on:10.0f} {100 * (on / off - 1):6.1f}%",
                  flush=True)
    finally:
        sandbox.close()


def corpus(pattern: str, repeat: int) -> None:
    print(f"{'program':32} {'runs':>6} {'off runs/s':>11} {'on runs/s':>10} {'cost':>7}")
    total = {True: 0.0, False: 0.0}
    total_runs = 0
    for path in sorted(glob.glob(os.path.join(PROGRAMS, pattern))):
        expected = load(path).EXPECTED
        best = {True: float("inf"), False: float("inf")}
        counts = set()
        for _ in range(repeat):
            for on in (False, True):
                t0 = time.process_time()
                report = smartest.explore(f"{path}:{expected['function']}", run_dir=None, coverage=False,
                                          max_str_len=expected.get("max_str_len", 4), max_runs=600,
                                          time_limit=15, solver_timeout_ms=2000, sandbox=on)
                best[on] = min(best[on], time.process_time() - t0)
                counts.add(report.runs)
        runs_ = max(counts)
        total_runs += runs_
        for on in (False, True):
            total[on] += best[on]
        print(f"{os.path.basename(path)[:-3]:32} {runs_:6} {runs_ / best[False]:11.1f} {runs_ / best[True]:10.1f} "
              f"{100 * (best[True] / best[False] - 1):6.1f}%", flush=True)
    print(f"{'total':32} {total_runs:6} {total_runs / total[False]:11.1f} {total_runs / total[True]:10.1f} "
          f"{100 * (total[True] / total[False] - 1):6.1f}%")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", nargs="?", choices=("runs", "corpus", "all"), default="all")
    p.add_argument("-n", type=int, default=300, help="runs per block")
    p.add_argument("--blocks", type=int, default=7, help="blocks of each setting (runs)")
    p.add_argument("--repeat", type=int, default=3, help="explorations of each setting (corpus)")
    p.add_argument("--programs", default="p0*.py", help="glob of corpus programs")
    args = p.parse_args(argv)
    if args.what in ("runs", "all"):
        runs(args.n, args.blocks, args.programs)
    if args.what in ("corpus", "all"):
        corpus(args.programs, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
