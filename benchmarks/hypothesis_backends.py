"""Hidden bugs against Hypothesis backends: which properties fail, and how long each run takes.

Runs every property of benchmarks/hypothesis_props.py under each backend with the same
settings (max_examples, derandomize, no database, no deadline) and prints one row per
(property, backend): whether the bug was found (the falsifying input Hypothesis reports
is re-run on the plain function, which must raise HiddenBug) and the wall time of the
whole @given call, shrinking included.  Each (property, backend) runs in a process of
its own: a backend may change the modules it runs (smartest installs its models), and
that must not slow down or help the next one.

    python benchmarks/hypothesis_backends.py                         # hypothesis and smartest
    python benchmarks/hypothesis_backends.py --backends crosshair    # with hypothesis-crosshair installed
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "src")))
sys.path.insert(0, HERE)

from hypothesis import HealthCheck, Phase, given, settings, strategies as st  # noqa: E402

import smartest_hypothesis  # noqa: E402
from hypothesis_props import PROPERTIES, HiddenBug, recording  # noqa: E402


def run_one(fn, strategies, backend: str, max_examples: int) -> tuple[bool, float, str]:
    """(bug found and reproduced on the plain function, seconds, what happened)."""
    failing: list[tuple] = []
    prop = recording(fn, failing)
    test = settings(backend=backend, max_examples=max_examples, database=None, derandomize=True,
                    deadline=None, suppress_health_check=list(HealthCheck),
                    phases=[Phase.generate, Phase.shrink])(given(st.tuples(*strategies))(prop))
    t0 = time.perf_counter()
    try:
        test()
        outcome = "passed"
    except HiddenBug:
        outcome = "bug"
    except Exception as e:  # a backend's own failure is a result too
        outcome = f"{type(e).__name__}: {str(e).splitlines()[0][:60] if str(e) else ''}"
    elapsed = time.perf_counter() - t0
    found = False
    if outcome == "bug" and failing:
        try:
            fn(*failing[-1])
        except HiddenBug:
            found = True
    return found, elapsed, outcome


def _in_child(name: str, backend: str, max_examples: int) -> tuple[bool, float, str]:
    proc = subprocess.run([sys.executable, __file__, "--one", name, backend, "--max-examples", str(max_examples)],
                          capture_output=True, text=True)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        return False, 0.0, f"child failed: {(proc.stderr.strip().splitlines() or ['?'])[-1][:60]}"
    found, secs, outcome = json.loads(lines[-1])
    return found, secs, outcome


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--backends", nargs="+", default=["hypothesis", "smartest"])
    ap.add_argument("--max-examples", type=int, default=100)
    ap.add_argument("--properties", nargs="+", default=list(PROPERTIES))
    ap.add_argument("--one", nargs=2, metavar=("PROPERTY", "BACKEND"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        smartest_hypothesis.register()
        fn, strategies = PROPERTIES[args.one[0]]
        print(json.dumps(run_one(fn, strategies, args.one[1], args.max_examples)))
        return 0
    print(f"{'property':<18} {'backend':<11} {'found':<6} {'seconds':>8}  outcome")
    totals: dict[str, list] = {}
    for name in args.properties:
        for backend in args.backends:
            found, secs, outcome = _in_child(name, backend, args.max_examples)
            t = totals.setdefault(backend, [0, 0.0])
            t[0] += found
            t[1] += secs
            print(f"{name:<18} {backend:<11} {'yes' if found else 'no':<6} {secs:8.2f}  {outcome}", flush=True)
    for backend, (found, secs) in totals.items():
        print(f"{'TOTAL':<18} {backend:<11} {found}/{len(args.properties):<4} {secs:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
