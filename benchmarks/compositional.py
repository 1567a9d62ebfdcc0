"""SMART against DART as the input grows, and SMART reusing its summaries.

Table 1 (SMART paper, section 4): runs of DART and SMART on locate/top and on the
two-call programs of locate_twice for n = 2, 4, 8, 16 (the bound on string
length), with the path counts in closed form.  DART runs every whole-program path,
so its runs grow with the *product* of the paths of the functions; SMART explores
each function's paths once and composes summaries, so its runs grow with their
*sum*.

Table 2: a second `explore --strategy smart` of the same program with the same
summary store (a temporary directory): runs, solver queries and seconds of the
first and the second exploration.

    python benchmarks/compositional.py                 # both tables
    python benchmarks/compositional.py --sizes 2 4 8   # a quicker table 1
    python benchmarks/compositional.py --reuse-only
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

import smartest  # noqa: E402
from support.oracle import label, load  # noqa: E402

# (file, entry point, DART paths, SMART runs, as formulas in n for the table's last columns)
GROWTH = [
    ("locate_top", "top", "3n", "2n+3"),
    ("locate_twice", "top_two_buffers", "6n^2+n+2", "2n+5"),
    ("locate_twice", "top_same_buffer", "2n^2+n+1", "2n+4"),
]
REUSE = [
    ("locate_top", "top", 16), ("locate_twice", "top_two_buffers", 8), ("locate_twice", "top_same_buffer", 8),
    ("strcmp_testme", "testme", 8), ("hwm", "hwm", 3), ("abs_testabs", "test_abs", 4),
    ("calc", "calc", 3), ("pl0", "parse", 3), ("incdec", "incdec", 4),
]


def run(name: str, function: str, n: int, strategy: str, **extra) -> dict:
    path = os.path.join(HERE, "programs", f"{name}.py")
    t0 = time.perf_counter()
    report = smartest.explore(f"{path}:{function}", run_dir=None, coverage=False, strategy=strategy, deepen=False,
                              max_str_len=n, max_runs=5000, time_limit=600, settings=extra)
    seconds = time.perf_counter() - t0
    module = load(path)
    bugs = sorted({lab for t in report.tests if t.outcome in ("returned", "raised")
                   for lab in [label(module, function, dict(t.inputs))] if lab.startswith("bug ")})
    smart = report.extra.get("smart", {})
    return {"runs": report.runs, "paths": report.paths, "queries": report.solver["queries"],
            "complete": report.complete_under_bounds, "seconds": seconds, "bugs": bugs,
            "reused": smart.get("summaries_reused", 0), "summaries": smart.get("summaries", 0)}


def growth(sizes: list[int]) -> None:
    print("Table 1: runs against n (complete searches; bugs by plain re-execution)")
    header = (f"{'program':30} {'n':>3} {'DART runs':>9} {'SMART runs':>10} {'DART q':>7} {'SMART q':>7} "
              f"{'DART s':>7} {'SMART s':>7}  same bugs")
    print(header)
    print("-" * len(header))
    for name, function, dart_formula, smart_formula in GROWTH:
        for n in sizes:
            d = run(name, function, n, "dart")
            s = run(name, function, n, "smart")
            assert d["complete"] and s["complete"], (name, function, n)
            print(f"{name + '.' + function:30} {n:>3} {d['runs']:>9} {s['runs']:>10} {d['queries']:>7} "
                  f"{s['queries']:>7} {d['seconds']:>7.2f} {s['seconds']:>7.2f}  {d['bugs'] == s['bugs']}",
                  flush=True)
        print(f"{'':30}     DART = {dart_formula} paths, SMART = {smart_formula} runs")


def reuse() -> None:
    print("Table 2: a second SMART exploration with the same summary store")
    header = (f"{'program':30} {'n':>3} {'runs 1st':>8} {'runs 2nd':>8} {'q 1st':>6} {'q 2nd':>6} "
              f"{'s 1st':>6} {'s 2nd':>6} {'reused':>6}  same bugs")
    print(header)
    print("-" * len(header))
    for name, function, n in REUSE:
        with tempfile.TemporaryDirectory() as tmp:
            store = os.path.join(tmp, "summaries.sqlite")
            first = run(name, function, n, "smart", summary_store=store)
            second = run(name, function, n, "smart", summary_store=store)
        print(f"{name + '.' + function:30} {n:>3} {first['runs']:>8} {second['runs']:>8} {first['queries']:>6} "
              f"{second['queries']:>6} {first['seconds']:>6.2f} {second['seconds']:>6.2f} {second['reused']:>6}  "
              f"{first['bugs'] == second['bugs']}", flush=True)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sizes", nargs="+", type=int, default=[2, 4, 8, 16])
    p.add_argument("--reuse-only", action="store_true")
    p.add_argument("--growth-only", action="store_true")
    args = p.parse_args(argv)
    if not args.reuse_only:
        growth(args.sizes)
        print()
    if not args.growth_only:
        reuse()
    return 0


if __name__ == "__main__":
    sys.exit(main())
