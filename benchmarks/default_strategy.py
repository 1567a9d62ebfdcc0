"""Which strategy should be the default: runs to each bug, per strategy, on every
program of benchmarks/programs (the runner's suite) and of the corpus (tests/programs).

A bug is a distinct label of `support.oracle.label` ("bug IndexError"), found by
re-running each generated input on the plain function; its cost is the number of
runs after which the first input with that label came.  For every bug some
strategy found, the best strategy's runs are the baseline; a strategy is within
bound on that bug if it found it in at most 2x the best runs.  Counts only, so the
table does not depend on the machine's load.

    python benchmarks/default_strategy.py                       # dart, generational, interleaved
    python benchmarks/default_strategy.py --strategies dart interleaved --corpus-only
"""
from __future__ import annotations

import argparse
import glob
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import run as runner  # noqa: E402  (puts src/ and tests/ on the path)
import smartest  # noqa: E402
from support.oracle import label, load  # noqa: E402

CORPUS = sorted(glob.glob(os.path.join(HERE, "..", "tests", "programs", "p[0-9]*.py")))


def corpus_case(path: str, strategy: str, max_runs: int, time_limit: float) -> dict:
    module = load(path)
    expected = module.EXPECTED
    fn = expected["function"]
    bounds = {k: expected[k] for k in ("max_str_len", "max_len", "max_depth") if k in expected}
    bounds.setdefault("max_str_len", 4)
    runs_at: list[int] = []

    class RunIndex:
        def on_test(self, test, stats):
            runs_at.append(stats.runs)

    report = smartest.explore(f"{path}:{fn}", run_dir=None, coverage=False, strategy=strategy, max_runs=max_runs,
                              time_limit=time_limit, handlers=[RunIndex()], **bounds)
    bugs: dict[str, int] = {}
    for t, run in zip(report.tests, runs_at):
        if t.outcome in ("returned", "raised"):
            lab = label(module, fn, dict(t.inputs))
            if lab.startswith("bug ") and lab not in bugs:
                bugs[lab] = run
    return {"bugs": bugs, "runs": report.runs}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--strategies", nargs="+", default=["dart", "generational", "interleaved"])
    p.add_argument("--max-runs", type=int, default=2000)
    p.add_argument("--time-limit", type=float, default=60.0)
    p.add_argument("--corpus-only", action="store_true")
    p.add_argument("--benchmarks-only", action="store_true")
    args = p.parse_args(argv)
    cases = []   # (name, {strategy: {label: run}})
    if not args.corpus_only:
        for name, function, sizes in runner.SUITE:
            for n in sizes:
                found = {s: {lab: run for lab, (run, _) in
                             runner.run_case(name, function, n, s, args.max_runs, args.time_limit)["bugs"].items()}
                         for s in args.strategies}
                cases.append((f"{name}.{function} n={n}", found))
                _row(cases[-1], args.strategies)
    if not args.benchmarks_only:
        for path in CORPUS:
            found = {s: corpus_case(path, s, min(args.max_runs, 600), min(args.time_limit, 15))["bugs"]
                     for s in args.strategies}
            cases.append((os.path.basename(path)[:-3], found))
            _row(cases[-1], args.strategies)
    print()
    total = sum(len(set().union(*found.values())) for _, found in cases)
    print(f"{total} bugs found by some strategy")
    for s in args.strategies:
        within = missed = 0
        worst = 0.0
        for _, found in cases:
            for lab in set().union(*found.values()):
                best = min(f[lab] for f in found.values() if lab in f)
                if lab not in found[s]:
                    missed += 1
                elif found[s][lab] <= 2 * best:
                    within += 1
                worst = max(worst, found[s].get(lab, float("inf")) / best)
        print(f"{s:13} within 2x of the best: {within}/{total}; missed: {missed}; worst ratio: {worst:.2f}")
    return 0


def _row(case, strategies) -> None:
    name, found = case
    labels = sorted(set().union(*found.values()))
    if not labels:
        return
    for lab in labels:
        best = min(f[lab] for f in found.values() if lab in f)
        cells = []
        for s in strategies:
            run = found[s].get(lab)
            cells.append(f"{s}={run if run is not None else '-'}"
                         + (f" (x{run / best:.1f})" if run is not None and run > 2 * best else ""))
        print(f"{name:40} {lab[4:]:22} best {best:>5}  " + "  ".join(cells), flush=True)


if __name__ == "__main__":
    sys.exit(main())
