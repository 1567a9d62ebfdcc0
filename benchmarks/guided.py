"""Guided DSE (ICSE'16) configurations compared on the annotated programs.

For each program and each `--guided` configuration (off = the paper's PV,
may = MAY, must = MUST, may-must = MAY x MUST) under one strategy, prints: runs
(every execution), tests (runs that are not pruned or interrupted: what a user
gets), pruned runs, tryfirst interrupts, solver queries, the run at which each
unverified assertion violation was first found (checked by re-running the
input on the plain function and matching the assertion's message; '-' if never),
whether the search was complete, and seconds; then tests, runs and time as
ratios against `off` in the same invocation.  `uv` rows run the program
without annotations (deposit.py, Figure 1), the paper's UV.  The last lines
total each configuration over all programs, as the paper's Figure 5 and 9 do.

    python benchmarks/guided.py
    python benchmarks/guided.py --strategy generational --programs guided_quote
"""
from __future__ import annotations

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

import smartest  # noqa: E402
from smartest.guided import CONFIGURATIONS  # noqa: E402
from support.oracle import load  # noqa: E402

# (file, entry point, --max-str-len, unannotated twin for a UV row or None)
SUITE = [
    ("deposit_guided", "deposit_test", 4, ("deposit", "deposit_test")),
    ("deposit_guided", "deposit_test_extra", 4, None),
    ("guided_quote", "quote_test", 4, None),
    ("guided_config", "parse_setting", 8, None),
    ("guided_buffer", "run", 3, None),
]


def expected(module, function: str) -> dict:
    for e in [module.EXPECTED, *getattr(module, "EXPECTED_VARIANTS", [])]:
        if e["function"] == function:
            return e
    raise KeyError(function)


def failure(module, function: str, inputs: dict) -> str | None:
    """The message of the AssertionError a plain call raises, if it raises one."""
    try:
        getattr(module, function)(**inputs)
    except AssertionError as e:
        return str(e)
    except Exception:  # noqa: BLE001 - any other outcome is not an assertion violation
        return None
    return None


def run_case(name: str, function: str, n: int, guided: str, strategy: str, max_runs: int,
             time_limit: float, bugs: list[str]) -> dict:
    path = os.path.join(HERE, "programs", f"{name}.py")
    module = load(path)
    t0 = time.perf_counter()
    report = smartest.explore(f"{path}:{function}", run_dir=None, coverage=False, strategy=strategy,
                              guided=guided, max_str_len=n, max_runs=max_runs, time_limit=time_limit)
    seconds = time.perf_counter() - t0
    tests = [t for t in report.tests if t.outcome != "pruned"]
    found: dict[str, int] = {}
    for t in tests:
        message = failure(module, function, dict(t.inputs)) if t.outcome == "raised" else None
        if message in bugs and message not in found:
            found[message] = t.index + 1
    extra = report.extra.get("guided", {})
    return {"runs": report.runs, "tests": len(tests), "pruned": report.runs - len(tests),
            "interrupts": extra.get("interrupts", 0), "queries": report.solver["queries"],
            "found": found, "complete": report.complete, "seconds": seconds}


def _ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}" if b else "-"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--strategy", default="dart")
    p.add_argument("--programs", nargs="+", default=None)
    p.add_argument("--configurations", nargs="+", default=list(CONFIGURATIONS), choices=CONFIGURATIONS)
    p.add_argument("--max-runs", type=int, default=400)
    p.add_argument("--time-limit", type=float, default=60.0)
    args = p.parse_args(argv)
    suite = [c for c in SUITE if not args.programs or c[0] in args.programs or f"{c[0]}.{c[1]}" in args.programs]
    header = (f"{'program':34} {'config':8} {'runs':>5} {'tests':>5} {'pruned':>6} {'intr':>4} {'queries':>7} "
              f"{'bugs found at run':28} {'complete':>8} {'sec':>6} {'tests/off':>9} {'runs/off':>8} {'time/off':>8}")
    print(f"strategy {args.strategy}; runs <= {args.max_runs}")
    print(header)
    print("-" * len(header))
    totals: dict[str, dict[str, float]] = {}
    for name, function, n, twin in suite:
        module = load(os.path.join(HERE, "programs", f"{name}.py"))
        bugs = list(expected(module, function)["unverified_bugs"])
        rows = []
        if twin is not None:
            rows.append(("uv", twin[0], twin[1], "off"))
        rows += [(c, name, function, c) for c in args.configurations]
        base = None
        for label, file, fn, guided in rows:
            r = run_case(file, fn, n, guided, args.strategy, args.max_runs, args.time_limit, bugs)
            if label == "off":
                base = r
            if label != "uv":
                t = totals.setdefault(label, {"runs": 0, "tests": 0, "seconds": 0.0, "missed": 0})
                t["runs"] += r["runs"]
                t["tests"] += r["tests"]
                t["seconds"] += r["seconds"]
                t["missed"] += sum(1 for b in bugs if b not in r["found"])
            found = " ".join(str(r["found"].get(b, "-")) for b in bugs)
            ratios = (f"{_ratio(r['tests'], base['tests']):>9} {_ratio(r['runs'], base['runs']):>8} "
                      f"{_ratio(r['seconds'], base['seconds']):>8}") if base else ""
            print(f"{name + '.' + function:34} {label:8} {r['runs']:>5} {r['tests']:>5} {r['pruned']:>6} "
                  f"{r['interrupts']:>4} {r['queries']:>7} {found:28} {str(r['complete']):>8} "
                  f"{r['seconds']:>6.2f} {ratios}", flush=True)
    if "off" in totals:
        print("-" * len(header))
        off = totals["off"]
        for label, t in totals.items():
            print(f"{'total':34} {label:8} {t['runs']:>5.0f} {t['tests']:>5.0f} {'':>6} {'':>4} {'':>7} "
                  f"{'missed bugs: ' + str(t['missed']):28} {'':>8} {t['seconds']:>6.2f} "
                  f"{_ratio(t['tests'], off['tests']):>9} {_ratio(t['runs'], off['runs']):>8} "
                  f"{_ratio(t['seconds'], off['seconds']):>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
