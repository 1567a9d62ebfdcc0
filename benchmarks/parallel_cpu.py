"""CPU seconds of one exploration with 1 and 2 local workers, read from the kernel:
the coordinator's own (this process) and the workers' (children, once reaped), so
the same script measures any version of the parallel engine, on a loaded machine
too (CPU seconds, not wall seconds).  DART, fixed bounds.

    python benchmarks/parallel_cpu.py
    PYTHONPATH=/path/to/other/src python benchmarks/parallel_cpu.py   # another version
"""
from __future__ import annotations

import multiprocessing
import os
import resource
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
if "PYTHONPATH" not in os.environ:
    sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "src")))

import smartest  # noqa: E402

CASES = [("locate_top", "top", 16), ("strcmp_testme", "testme", 16), ("calc", "calc", 4),
         ("pl0", "parse_and_check", 5)]


def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def main() -> int:
    print(f"{'program':14} {'workers':>7} {'runs':>6} {'paths':>6} {'coord CPU s':>11} {'workers CPU s':>13} "
          f"{'CPU ms/run':>10} {'coord ms/run':>12}")
    for name, function, n in CASES:
        for workers in (1, 2):
            kids, cpu = _children_cpu(), time.process_time()
            r = smartest.explore(f"{HERE}/programs/{name}.py:{function}", strategy="dart", workers=workers,
                                 max_str_len=n, deepen=False, run_dir=None, coverage=False, max_runs=20000,
                                 time_limit=300)
            cpu = time.process_time() - cpu
            for child in multiprocessing.active_children():
                child.join()
            kids = _children_cpu() - kids
            print(f"{name:14} {workers:>7} {r.runs:>6} {r.paths:>6} {cpu:>11.3f} {kids:>13.3f} "
                  f"{(cpu + kids) / r.runs * 1000:>10.3f} {cpu / r.runs * 1000:>12.3f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
