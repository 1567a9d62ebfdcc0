"""The relative-completeness suite as a table: programs x configurations against DART.

Runs what tests/integration/test_relative_completeness.py checks (support.relative:
DART and every other strategy, and each --guided mode on annotated programs, under
the same bounds; every input re-run on the plain function under a line tracer) and
prints one line per disagreement as it is found, then the count of programs and
configurations run and of disagreements per configuration.

    python benchmarks/relative.py --random 12 512      # generated programs, seeds 12..511
    python benchmarks/relative.py --corpus --benchmarks
    python benchmarks/relative.py --random 12 512 --strategies latest   # one strategy's column
    python benchmarks/relative.py --guided-random 0 100   # annotated programs: every --guided mode too
"""
from __future__ import annotations

import argparse
import collections
import fnmatch
import glob
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "src")))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "tests")))

from support.guided_programs import program as annotated_program  # noqa: E402
from support.known_gaps import KNOWN_GAPS  # noqa: E402
from support.oracle import load  # noqa: E402
from support.random_programs import program  # noqa: E402
from support.relative import compare, configurations  # noqa: E402

BENCH_LEN = {"containers_orders", "containers_rpn", "containers_intervals"}


def cases(args, tmp: str):
    """(ident, path, function, bounds) of every program asked for."""
    if args.random:
        for seed in range(*args.random):
            family, source = program(seed)
            path = os.path.join(tmp, f"rand_{family}_{seed}.py")
            with open(path, "w", encoding="utf-8") as f:
                f.write(source)
            yield f"random{seed}", path, "top", {"max_str_len": 3}
    if args.guided_random:
        for seed in range(*args.guided_random):
            path = os.path.join(tmp, f"guided_random_{seed}.py")
            with open(path, "w", encoding="utf-8") as f:
                f.write(annotated_program(seed))
            yield f"guided{seed}", path, "f", {}
    if args.corpus:
        for path in sorted(glob.glob(os.path.join(HERE, "..", "tests", "programs", "p[0-9]*.py"))):
            name = os.path.basename(path)[:-3]
            if name in KNOWN_GAPS:
                continue
            expected = load(path).EXPECTED
            bounds = {k: expected[k] for k in ("max_str_len", "max_len", "max_depth") if k in expected}
            bounds.setdefault("max_str_len", 4)
            yield name, path, expected["function"], bounds
    if args.benchmarks:
        for path in sorted(glob.glob(os.path.join(HERE, "programs", "*.py"))):
            name = os.path.basename(path)[:-3]
            if name.startswith("_"):
                continue
            module = load(path)
            for expected in [module.EXPECTED, *getattr(module, "EXPECTED_VARIANTS", [])]:
                bounds = {"max_len": 2, "max_str_len": 2} if name in BENCH_LEN else {"max_str_len": 3}
                yield f"{name}.{expected['function']}", path, expected["function"], bounds


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--random", nargs=2, type=int, metavar=("FIRST", "END"))
    p.add_argument("--guided-random", nargs=2, type=int, metavar=("FIRST", "END"),
                   help="annotated random programs (support.guided_programs): every --guided mode as well")
    p.add_argument("--corpus", action="store_true")
    p.add_argument("--benchmarks", action="store_true")
    p.add_argument("--only", nargs="+", metavar="ID", help="only programs whose ident matches one of these "
                   "patterns (fnmatch: random151, calc_lex.*, p2?_*)")
    p.add_argument("--strategies", nargs="+", metavar="S", help="only these strategies' configurations")
    args = p.parse_args(argv)
    programs = runs = 0
    per_config: collections.Counter = collections.Counter()
    per_unchecked: collections.Counter = collections.Counter()
    shared_total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for ident, path, function, bounds in cases(args, tmp):
            if args.only and not any(fnmatch.fnmatchcase(ident, pat) for pat in args.only):
                continue
            annotated = "smartest" in open(path, encoding="utf-8").read()
            configs = [c for c in configurations(annotated) if not args.strategies or c[0] in args.strategies]
            seen: dict = {}
            shared: dict = {}
            found = compare(path, function, configs, bounds, seen, shared)
            shared_total += len(shared)
            programs += 1
            runs += len(found)
            for config, problems in found.items():
                if problems:
                    per_config[config] += 1
                for problem in problems:
                    print(f"{ident:34} {problem}", flush=True)
            unchecked = [c for c, r in seen.items() if c != "dart/off"
                         and not (r.complete or (r.finished and seen["dart/off"].finished))]
            for config in unchecked:
                per_unchecked[config] += 1
            stops = " ".join(f"{c}={r.stop}:{r.runs}{'+c' if r.complete else ''}" for c, r in seen.items())
            same = f" | same code, one search: {' '.join(f'{c}={o}' for c, o in shared.items())}" if shared else ""
            print(f"# {ident}: {len(found)} configurations, {sum(1 for v in found.values() if v)} disagree, "
                  f"{len(unchecked)} unchecked (a search stopped at its budget) | {stops}{same}", flush=True)
    print(f"\n{programs} programs, {runs} (program, configuration) pairs against DART; {shared_total} of them "
          f"checked on the search of a configuration that compiles the program to the same code")
    for config, n in sorted(per_config.items()):
        print(f"  {config:24} disagrees on {n} programs")
    print(f"  total: {sum(per_config.values())} disagreeing pairs")
    for config, n in sorted(per_unchecked.items()):
        print(f"  {config:24} unchecked on {n} programs (DART or it stopped at the budget, no `complete`)")
    print(f"  total: {sum(per_unchecked.values())} unchecked pairs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
