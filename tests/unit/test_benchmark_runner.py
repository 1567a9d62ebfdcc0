"""The benchmark runner's table (benchmarks/run.py): DART the baseline of every ratio
(issue 12's must-show table: runs and CPU seconds to each bug, branch coverage)."""
from __future__ import annotations

import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _runner():
    spec = importlib.util.spec_from_file_location("benchmark_runner", os.path.join(ROOT, "benchmarks", "run.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _row(runs, cpu, bugs, branches):
    return {"runs": runs, "cpu": cpu, "bugs": bugs, "branches": branches, "complete": True, "stop": "exhausted"}


def test_each_bug_cell_gives_runs_and_cpu_seconds_as_ratios_to_darts(capsys):
    run = _runner()
    dart = _row(100, 4.0, {"bug ZeroDivisionError": (20, 2.0)}, (26, 26))
    other = _row(50, 1.0, {"bug ZeroDivisionError": (10, 0.5), "bug IndexError": (3, 0.1)}, (13, 26))
    assert run._bug_cell("bug ZeroDivisionError", 10, 0.5, dart) == "ZeroDivisionError@10 (0.5 s; x0.50 runs, x0.25 CPU)"
    assert run._bug_cell("bug IndexError", 3, 0.1, dart) == "IndexError@3 (0.1 s; DART: not found)"
    assert run._branches(other, dart) == "13/26 (DART 26)"
    run._markdown([("calc_divzero.calc", 4, "dart", dart, dart), ("calc_divzero.calc", 4, "latest", other, dart)], True)
    table = capsys.readouterr().out
    assert "| calc_divzero.calc | 4 | latest | 50 | yes | 1.0 (x0.25) | IndexError @3, 0.1 s (DART: -); " \
           "ZeroDivisionError @10, 0.5 s (x0.50, x0.25 CPU) | 13/26 (DART 26) |" in table
