"""Suite size before and after minimization, with the branch coverage of each suite.

For every program of benchmarks/programs (the runner's SUITE, smallest bound) and of
the corpus (tests/programs, EXPECTED["function"]), explore with DART, then replay
two suites concretely under coverage.py, outside the engine: every regression test
(one per path, `--all-paths`) and the minimal suite (`Report.suite()`).  Bug tests
are the same in both and left out.  Prints one line per program and the totals.

    python benchmarks/minimize.py [--max-runs 300] [--time-limit 10]
"""
from __future__ import annotations

import argparse
import glob
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "src")))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "tests")))

import coverage  # noqa: E402

import smartest  # noqa: E402
from smartest.engine.execute import execute  # noqa: E402
from smartest.engine.target import resolve  # noqa: E402
from support.oracle import load  # noqa: E402

sys.path.insert(0, HERE)
from run import LEN_BOUND, SUITE  # noqa: E402


def cases():
    for name, function, bounds in SUITE:
        n = bounds[0]
        b = {"max_len": n, "max_str_len": LEN_BOUND[name]} if name in LEN_BOUND else {"max_str_len": n}
        yield f"benchmarks/{name}.{function}", os.path.join(HERE, "programs", f"{name}.py"), function, b
    for path in sorted(glob.glob(os.path.join(HERE, "..", "tests", "programs", "p*.py"))):
        expected = load(path).EXPECTED
        b = {k: expected[k] for k in ("max_str_len", "max_len", "max_depth") if k in expected}
        b.setdefault("max_str_len", 4)
        yield f"corpus/{os.path.basename(path)[:-3]}", path, expected["function"], b


def arcs(path: str, function: str, tests) -> set:
    """The branch arcs coverage.py sees when the tests' inputs run on the plain function."""
    target = resolve(f"{path}:{function}")
    cov = coverage.Coverage(branch=True, data_file=None, include=[os.path.realpath(path)])
    cov.start()
    try:
        for t in tests:
            execute(target, t.inputs, timeout=5.0, max_depth=0, strict=False, symbolic=False)
    finally:
        cov.stop()
    data = cov.get_data()
    return {(f, a, b) for f in data.measured_files() for a, b in (data.arcs(f) or ())}


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--max-runs", type=int, default=300)
    p.add_argument("--time-limit", type=float, default=10.0)
    args = p.parse_args(argv)
    print(f"{'program':44} {'paths':>6} {'kept':>5} {'arcs all':>9} {'arcs kept':>9}")
    totals = [0, 0]
    changed = []
    for label, path, function, bounds in cases():
        report = smartest.explore(f"{path}:{function}", run_dir=None, max_runs=args.max_runs,
                                  time_limit=args.time_limit, **bounds)
        every = [t for t in report.tests if not t.bug and t.outcome in ("returned", "raised")]
        kept = [t for t in report.suite() if not t.bug]
        a_all, a_kept = arcs(path, function, every), arcs(path, function, kept)
        totals[0] += len(every)
        totals[1] += len(kept)
        if a_all != a_kept:
            changed.append(label)
        print(f"{label:44} {len(every):>6} {len(kept):>5} {len(a_all):>9} {len(a_kept):>9}", flush=True)
    print(f"total: {totals[0]} regression tests with --all-paths, {totals[1]} in the minimal suites; "
          f"coverage changed on {len(changed)} programs {changed}")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
