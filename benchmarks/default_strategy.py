"""Which strategy should be the default: runs to each bug, per strategy, on every
program of benchmarks/programs (the runner's suite) and of the corpus (tests/programs).

A bug is a distinct label of `support.oracle.label` ("bug IndexError"), found by
re-running each generated input on the plain function; its cost is the number of
runs after which the first input with that label came.  For every bug some
strategy found, the best strategy's runs are the baseline; a strategy is within
bound on that bug if it found it in at most 2x the best runs.  Counts only, so the
table does not depend on the machine's load: every (program, strategy) explores in
a process of its own (explorations in one process share z3's context, so a count
would depend on what ran before it), and the time limits are far above what the
searches need (what stops a search is its run budget or its end).

`--flags fixed`: the runner's bounds (benchmarks: n, deepening off, 2000 runs;
corpus: each program's declared bounds, 600 runs).  `--flags default`: what a user
gets with no flags (strings of 8 deepened, containers of 4, 1000 runs), bar the
time limit.

    python benchmarks/default_strategy.py                           # dart, generational, interleaved; fixed
    python benchmarks/default_strategy.py --flags default --bugs-of benchmarks/results/default_fixed.json
    python benchmarks/default_strategy.py --only calc_tokens p23 --jobs 2
"""
from __future__ import annotations

import argparse
import concurrent.futures
import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import run as runner  # noqa: E402  (puts src/ and tests/ on the path)
import smartest  # noqa: E402
from support.oracle import label, load  # noqa: E402

CORPUS = sorted(glob.glob(os.path.join(HERE, "..", "tests", "programs", "p[0-9]*.py")))
NO_CLOCK = 3600.0   # seconds: a backstop, never what ends a search here


def cases(flags: str) -> list[tuple[str, str, dict]]:
    """(name, target spec, options) of every program, under `flags`."""
    out = []
    for name, function, sizes in runner.SUITE:
        path = os.path.join(HERE, "programs", f"{name}.py")
        for n in (sizes if flags == "fixed" else sizes[-1:]):
            if flags == "fixed":
                bounds = {"max_len": n, "max_str_len": runner.LEN_BOUND[name]} if name in runner.LEN_BOUND \
                    else {"max_str_len": n}
                options = dict(bounds, deepen=False, max_runs=2000)
                out.append((f"{name}.{function} n={n}", f"{path}:{function}", options))
            else:
                out.append((f"{name}.{function}", f"{path}:{function}", {}))
    for path in CORPUS:
        expected = load(path).EXPECTED
        options = {}
        if flags == "fixed":
            options = {k: expected[k] for k in ("max_str_len", "max_len", "max_depth") if k in expected}
            options.setdefault("max_str_len", 4)
            options["max_runs"] = 600
        out.append((os.path.basename(path)[:-3], f"{path}:{expected['function']}", options))
    return out


def cell(spec: str, strategy: str, options: dict) -> dict:
    """Explore once (in this process) and return {bug label: run of its first input}."""
    path, function = spec.rsplit(":", 1)
    module = load(path)
    runs_at: list[int] = []

    class RunIndex:
        def on_test(self, test, stats):
            runs_at.append(stats.runs)

    report = smartest.explore(spec, run_dir=None, coverage=False, strategy=strategy, handlers=[RunIndex()],
                              **{"time_limit": NO_CLOCK, **options})
    bugs: dict[str, int] = {}
    for t, run in zip(report.tests, runs_at):
        if t.outcome in ("returned", "raised"):
            lab = label(module, function, dict(t.inputs))
            if lab.startswith("bug ") and lab not in bugs:
                bugs[lab] = run
    return {"bugs": bugs, "runs": report.runs, "stop": report.stop_reason}


def fresh_cell(spec: str, strategy: str, options: dict) -> dict:
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--cell", spec, strategy, json.dumps(options)],
                          capture_output=True, text=True, timeout=2 * NO_CLOCK, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"{spec} under {strategy} failed:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--strategies", nargs="+", default=["dart", "generational", "interleaved"])
    p.add_argument("--flags", choices=("fixed", "default"), default="fixed")
    p.add_argument("--only", nargs="+", default=None, help="programs whose name contains one of these")
    p.add_argument("--skip", nargs="+", default=(), help="programs whose name contains one of these: left out")
    p.add_argument("--bugs-of", default=None, help="a --json file of an earlier run: only its programs with a bug")
    p.add_argument("--jobs", type=int, default=1, help="cells explored at once (each in its own process)")
    p.add_argument("--json", default=None, help="write every cell's result here")
    p.add_argument("--cell", nargs=3, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.cell:
        spec, strategy, options = args.cell
        print(json.dumps(cell(spec, strategy, json.loads(options))))
        return 0
    todo = cases(args.flags)
    if args.only:
        todo = [c for c in todo if any(o in c[0] for o in args.only)]
    todo = [c for c in todo if not any(o in c[0] for o in args.skip)]
    if args.bugs_of:
        with open(args.bugs_of, encoding="utf-8") as f:
            earlier = json.load(f)
        buggy = {name.split(" n=")[0] for name, found in earlier.items() if any(r["bugs"] for r in found.values())}
        todo = [c for c in todo if c[0].split(" n=")[0] in buggy]
    results: dict[str, dict[str, dict]] = {name: {} for name, _, _ in todo}
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        futures = {pool.submit(fresh_cell, spec, s, options): (name, s) for name, spec, options in todo
                   for s in args.strategies}
        for future in concurrent.futures.as_completed(futures):
            name, s = futures[future]
            results[name][s] = future.result()
            print(f"{name} {s} {json.dumps(results[name][s])}", file=sys.stderr, flush=True)  # kept if stopped
    for name, _, _ in todo:
        _row(name, {s: results[name][s]["bugs"] for s in args.strategies}, args.strategies)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1, sort_keys=True)
    print()
    _summary([{s: results[name][s]["bugs"] for s in args.strategies} for name, _, _ in todo], args.strategies)
    return 0


def _summary(found_per_case: list[dict], strategies) -> None:
    total = sum(len(set().union(*found.values())) for found in found_per_case)
    print(f"{total} bugs found by some strategy")
    for s in strategies:
        within = missed = 0
        worst = 0.0
        for found in found_per_case:
            for lab in set().union(*found.values()):
                best = min(f[lab] for f in found.values() if lab in f)
                if lab not in found[s]:
                    missed += 1
                elif found[s][lab] <= 2 * best:
                    within += 1
                worst = max(worst, found[s].get(lab, float("inf")) / best)
        print(f"{s:13} within 2x of the best: {within}/{total}; missed: {missed}; worst ratio: {worst:.2f}")


def _row(name, found, strategies) -> None:
    for lab in sorted(set().union(*found.values())):
        best = min(f[lab] for f in found.values() if lab in f)
        cells = []
        for s in strategies:
            run = found[s].get(lab)
            cells.append(f"{s}={run if run is not None else '-'}"
                         + (f" (x{run / best:.1f})" if run is not None and run > 2 * best else ""))
        print(f"{name:40} {lab[4:]:22} best {best:>5}  " + "  ".join(cells), flush=True)


if __name__ == "__main__":
    sys.exit(main())
