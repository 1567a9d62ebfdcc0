"""SMART's speed on the parsers (issue 12, item 5): runs per CPU second, and the run
of the first input with each bug, DART and SMART on calc and pl0, each configuration in
a fresh process (z3's context and the hash seed fixed per process).  Bugs are labels of
`support.oracle.label` (the input re-run on the plain function).  CPU seconds are the
process's (z3 runs in it), so the machine's load changes them little; wall-clock limits
do cut runs under load (`stop` says so).

    python3 benchmarks/smart_speed.py                          # calc n=7, pl0 n=15
    python3 benchmarks/smart_speed.py --runs 100 --time-limit 300
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
PROGRAMS = {"calc": ("calc.py", "calc", 7), "pl0": ("pl0.py", "parse_and_check", 15)}


def one(file: str, function: str, strategy: str, n: int, runs: int, time_limit: float) -> dict:
    sys.path.insert(0, os.path.join(ROOT, "src"))
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    import smartest
    from support.oracle import FirstBugRuns, load
    path = os.path.join(HERE, "programs", file)
    first = FirstBugRuns(load(path), function)
    start = time.process_time()
    report = smartest.explore(f"{path}:{function}", strategy=strategy, run_dir=None, deepen=False, coverage=False,
                              max_runs=runs, time_limit=time_limit, seed=0, max_str_len=n, handlers=[first])
    cpu = time.process_time() - start
    split = sum(f.get("split_calls", 0) for f in report.extra.get("smart", {}).get("functions", {}).values())
    return {"runs": report.runs, "cpu_s": round(cpu, 1), "runs_per_cpu_s": round(report.runs / max(cpu, 1e-9), 1),
            "bugs": first.first, "stop": report.stop_reason, "split_calls": split}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--one", help=argparse.SUPPRESS)
    p.add_argument("--programs", nargs="+", default=list(PROGRAMS), choices=list(PROGRAMS))
    p.add_argument("--strategies", nargs="+", default=["dart", "smart"])
    p.add_argument("--runs", type=int, default=20000, help="runs per configuration (default 20000)")
    p.add_argument("--time-limit", type=float, default=400.0, help="wall-clock seconds per configuration")
    args = p.parse_args(argv)
    if args.one:
        print(json.dumps(one(*json.loads(args.one))))
        return 0
    env = dict(os.environ, PYTHONHASHSEED="0")
    for name in args.programs:
        file, function, n = PROGRAMS[name]
        for strategy in args.strategies:
            spec = json.dumps([file, function, strategy, n, args.runs, args.time_limit])
            proc = subprocess.run([sys.executable, __file__, "--one", spec], capture_output=True, text=True, env=env)
            row = json.loads(proc.stdout.strip().splitlines()[-1]) if proc.returncode == 0 else \
                {"error": (proc.stderr.strip().splitlines() or ["?"])[-1]}
            print(f"{name} n={n} {strategy}: {json.dumps(row)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
