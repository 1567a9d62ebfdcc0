"""Opaque calls three ways: DART's run-time value, EXE-style concretization and mixed
concrete-symbolic solving (Păsăreanu, Rungta, Visser, ISSTA'11), on the paper's programs.

For each program and configuration it prints runs, distinct paths, what was covered
(checked by re-running every generated input on the plain function), engine solver
queries and the z3 checks they cost (`backend`), the path constraints mixed solving
decided / gave up on, divergences and completeness.  "search" is what the directed
search reached from the first input, leaving out the engine's random restarts (the
paper's tools do not restart); "all" includes them.

    python benchmarks/mixed.py                 # the table, seed 0
    python benchmarks/mixed.py --seeds 10      # also: Figure 1 coverage over seeds 0..9
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

import smartest  # noqa: E402
from smartest.errors import TargetError  # noqa: E402
from support.oracle import label, load  # noqa: E402

HASH = "mixed_fig1:hash_"
PARTITIONS = ((HASH, "x > 3"), (HASH, "x <= 3"))
COMBOS = {"return 3": "S0S3", "return 4": "S0S4", "return 13": "S1S3", "return 14": "S1S4"}

DART = {"solving": "dart"}
EXE = {"solving": "concretize"}
MIXED = {"solving": "mixed"}
NONLINEAR = {"solving": "mixed", "complex_nonlinear": True}

# (program, function, [(configuration name, options)])
SUITE = [
    ("mixed_fig1", "test", [
        ("dart (hash_ inlined)", {}),
        ("dart", {**DART, "opaque": (HASH,)}),
        ("concretize", {**EXE, "opaque": (HASH,)}),
        ("mixed", {**MIXED, "opaque": (HASH,)}),
        ("mixed, max-tries 10", {**MIXED, "opaque": (HASH,), "max_tries": 10}),
    ]),
    ("mixed_fig1", "test_line7", [
        ("dart", {**DART, "opaque": (HASH,)}),
        ("concretize", {**EXE, "opaque": (HASH,)}),
        ("mixed", {**MIXED, "opaque": (HASH,)}),
        ("mixed, max-tries 3", {**MIXED, "opaque": (HASH,), "max_tries": 3}),
        ("mixed, partition", {**MIXED, "partitions": PARTITIONS}),
        ("mixed, partition, no heuristic", {**MIXED, "partitions": PARTITIONS, "partition_heuristic": False}),
    ]),
    ("unsound_fig3", "test", [
        ("dart", DART),
        ("mixed, nonlinear complex", NONLINEAR),
        ("mixed, nonlinear complex, max-tries 5", {**NONLINEAR, "max_tries": 5}),
    ]),
    ("cube_fig6", "test", [
        ("dart", DART),
        ("mixed, nonlinear complex", NONLINEAR),
        ("mixed, nonlinear complex, random-tries 1", {**NONLINEAR, "random_tries": 1}),
        ("dart, seed 3 (starts at x <= 0)", {**DART, "seed": 3}),
        ("mixed, nonlinear complex, seed 3", {**NONLINEAR, "seed": 3}),
        ("mixed, nonlinear complex, random-tries 1, seed 3", {**NONLINEAR, "random_tries": 1, "seed": 3}),
    ]),
    ("obscure", "obscure", [
        ("dart", {**DART, "opaque": ("obscure:opaque_hash",)}),
        ("concretize", {**EXE, "opaque": ("obscure:opaque_hash",)}),
        ("mixed", {**MIXED, "opaque": ("obscure:opaque_hash",)}),
    ]),
    ("trig", "run", [
        ("dart", DART),
        ("concretize", EXE),
        ("mixed", MIXED),
        ("mixed, wave opaque", {**MIXED, "opaque": ("trig:wave",)}),
    ]),
]


def _covered(module, function: str, tests, search_only: bool) -> set[str]:
    out = set()
    for t in tests:
        if search_only and t.index > 0 and not t.directed:
            break  # the first random restart: the search from the first input is over
        lab = label(module, function, dict(t.inputs))
        out.add(COMBOS.get(lab, lab) if module.__name__.endswith("mixed_fig1") else lab)
    return out


def run_case(name: str, function: str, options: dict, seed: int = 0, max_runs: int = 300) -> dict:
    path = os.path.join(HERE, "programs", f"{name}.py")
    module = load(path)
    try:
        report = smartest.explore(f"{path}:{function}", run_dir=None, coverage=False,
                                  **{"seed": seed, "max_runs": max_runs, "time_limit": 60, **options})
    except TargetError as e:
        return {"error": str(e)}
    mixed = report.extra.get("mixed", {})
    bugs = {lab for lab in _covered(module, function, report.tests, False) if lab.startswith("bug ")}
    return {
        "runs": report.runs, "paths": report.paths, "queries": report.solver["queries"],
        "backend": report.solver["backend_queries"], "divergences": report.divergences,
        "complete": report.complete, "search": _covered(module, function, report.tests, True),
        "all": _covered(module, function, report.tests, False), "bugs": bugs,
        "decided": mixed.get("decided", 0), "gave_up": mixed.get("gave_up", 0),
    }


def _show(cov: set[str]) -> str:
    combos = sorted(c for c in cov if c.startswith("S"))
    if combos:
        return " ".join(combos)
    return " ".join(sorted(c.replace("return ", "ret ") for c in cov))[:40]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--programs", nargs="+", default=None)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--seeds", type=int, default=0, help="Figure 1 coverage over this many seeds")
    args = p.parse_args(argv)
    header = (f"{'program':24} {'configuration':48} {'runs':>5} {'paths':>5} {'queries':>7} {'backend':>7} "
              f"{'mixed ok/gave up':>16} {'div':>4} {'complete':>8}  covered by the search | all")
    print(header)
    print("-" * len(header))
    for name, function, configs in SUITE:
        if args.programs and name not in args.programs and f"{name}.{function}" not in args.programs:
            continue
        for config, options in configs:
            r = run_case(name, function, options, args.seed)
            prog = f"{name}.{function}"
            if "error" in r:
                print(f"{prog:24} {config:48} skipped: {r['error']}")
                continue
            extra = sorted(r["all"] - r["search"])
            print(f"{prog:24} {config:48} {r['runs']:>5} {r['paths']:>5} {r['queries']:>7} {r['backend']:>7} "
                  f"{r['decided']:>8}/{r['gave_up']:<7} {r['divergences']:>4} {str(r['complete']):>8}  "
                  f"{_show(r['search'])}" + (f" | +{_show(set(extra))}" if extra else ""), flush=True)
    if args.seeds:
        print(f"\nFigure 1: how many of seeds 0..{args.seeds - 1} cover each combination "
              f"(directed search from the first random input)")
        modes = [("dart", {**DART, "opaque": (HASH,)}), ("concretize", {**EXE, "opaque": (HASH,)}),
                 ("mixed", {**MIXED, "opaque": (HASH,)})]
        for function in ("test", "test_line7"):
            for mode, options in modes:
                counts: Counter = Counter()
                for seed in range(args.seeds):
                    counts.update(run_case("mixed_fig1", function, options, seed)["search"])
                shown = "  ".join(f"{c} {counts[c]:>2}" for c in ("S0S3", "S0S4", "S1S3", "S1S4"))
                print(f"  {function:11} {mode:11} {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
