"""Issue 11's small functions explored end to end: runs, seconds, whether the search
claims `complete`, and the outcomes reached, computed by re-running every generated
input on the plain function (never from the engine's report).

    PYTHONPATH=src python3 benchmarks/models_e2e.py [max_str_len]
"""
from __future__ import annotations

import importlib.util
import os
import sys
import time

import smartest

HERE = os.path.dirname(os.path.abspath(__file__))
TARGETS = os.path.join(HERE, "models", "issue11_targets.py")
FUNCTIONS = [("abc", 8), ("version", 8), ("hexff", 8), ("seven", 2), ("packed", 8), ("verb", 8), ("pairs", 8),
             ("backref", 8)]


def _plain_module():
    spec = importlib.util.spec_from_file_location("plain_issue11_targets", TARGETS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _outcome(fn, inputs) -> str:
    try:
        return f"return {fn(**inputs)!r}"
    except Exception as e:  # noqa: BLE001 - an exception is an outcome
        return f"raise {type(e).__name__}"


def main() -> None:
    plain = _plain_module()
    print(f"{'function':10} {'K':>2} {'runs':>5} {'seconds':>8} {'complete':>9}  outcomes (re-executed)")
    for name, bound in FUNCTIONS:
        if len(sys.argv) > 1:
            bound = int(sys.argv[1])
        start = time.perf_counter()
        report = smartest.explore(f"{TARGETS}:{name}", run_dir=None, coverage=False, max_runs=300, max_str_len=bound,
                                  time_limit=120)
        seconds = time.perf_counter() - start
        outcomes = sorted({_outcome(getattr(plain, name), dict(t.inputs)) for t in report.tests})
        print(f"{name:10} {bound:>2} {report.runs:>5} {seconds:>8.2f} {str(report.complete):>9}  {', '.join(outcomes)}")


if __name__ == "__main__":
    main()
