"""Parallel exploration: DART with 1 and with N worker processes (--workers), on the
same programs in one invocation.

Prints runs (replays of split subtrees included), paths, bugs, completeness, wall
seconds and the speedup against one worker (complete: under the fixed bounds); `peak` is the most subtrees waiting at
once (how many workers the frontier could have kept busy); `coord ms/run` is the
coordinator's own CPU per run, which bounds how many workers one coordinator can feed;
`worker cpu s` the workers' CPU (forked children, or what the Ray actors measured in
themselves), `cpu ms/run` all CPU (coordinator and workers) per run; `arcs` the arcs
coverage.py saw when the plain function re-ran every generated input, `same` whether
the bugs and the arcs are those of the first row.

    python benchmarks/parallel.py                         # 1 and 2 workers
    python benchmarks/parallel.py --workers 1 2 --programs strcmp_testme
    python benchmarks/parallel.py --ray                   # and the same on Ray actors
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "src")))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "tests")))

import coverage  # noqa: E402

import smartest  # noqa: E402
from support.oracle import label, load  # noqa: E402

CASES = [("locate_top", "top", 16), ("strcmp_testme", "testme", 16), ("calc", "calc", 3),
         ("pl0", "parse_and_check", 4), ("pex_parser", "check", 4)]


def run(name: str, function: str, n: int, workers: int, max_runs: int, time_limit: float, ray: str | None = None
        ) -> dict:
    path = os.path.join(HERE, "programs", f"{name}.py")
    module = load(path)
    wall, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
    report = smartest.explore(f"{path}:{function}", strategy="dart", workers=workers, max_str_len=n, ray=ray,
                              deepen=False, run_dir=None, coverage=False, max_runs=max_runs, time_limit=time_limit)
    wall, cpu, children = time.perf_counter() - wall, time.process_time() - cpu, _children_cpu() - children
    bugs, arcs = _replay(path, module, function, report.tests)
    parallel = report.extra.get("parallel", {})
    return {"runs": report.runs, "paths": report.paths, "complete": report.complete_under_bounds, "seconds": wall,
            "bugs": sorted(b for b in bugs if b.startswith("bug ")), "coordinator_cpu": cpu,
            "worker_cpu": parallel.get("worker_cpu_s", children), "peak": parallel.get("peak_frontier", "-"),
            "arcs": arcs}


def _replay(path: str, module, function: str, tests) -> tuple[set, frozenset]:
    """The outcome labels and the arcs (coverage.py, branch mode) of the plain function
    on every generated input: what the engine claims, checked without the engine."""
    cov = coverage.Coverage(branch=True, data_file=None, include=[path])
    cov.start()
    try:
        labels = {label(module, function, dict(t.inputs)) for t in tests}
    finally:
        cov.stop()
    return labels, frozenset(cov.get_data().arcs(os.path.realpath(path)) or ())


def _children_cpu() -> float:
    """CPU seconds of this process's waited-for children (the forked workers)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--workers", nargs="+", type=int, default=[1, 2])
    p.add_argument("--programs", nargs="+", default=None)
    p.add_argument("--max-runs", type=int, default=20000)
    p.add_argument("--time-limit", type=float, default=120.0)
    p.add_argument("--ray", action="store_true", help="also a row with the workers as actors of a local 2-CPU Ray")
    args = p.parse_args(argv)
    if args.ray:
        import ray
        from smartest.engine.distributed import actors
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        start = time.perf_counter()
        ray.get([a.pid.remote() for a in actors(ray, 2)])
        print(f"ray: 2 actors started (smartest and z3 imported) in {time.perf_counter() - start:.2f} s, "
              "once per Ray session: not in the rows below")
    cases = [c for c in CASES if not args.programs or c[0] in args.programs]
    header = (f"{'program':26} {'n':>3} {'workers':>7} {'runs':>6} {'paths':>6} {'complete':>8} {'bugs':>5} "
              f"{'arcs':>5} {'same':>5} {'sec':>7} {'speedup':>7} {'peak':>5} {'coord ms/run':>12} "
              f"{'worker cpu s':>12} {'cpu ms/run':>10}")
    print(header)
    print("-" * len(header))
    for name, function, n in cases:
        base = None
        for w in [*args.workers, *(["ray"] if args.ray else [])]:
            r = run(name, function, n, 2 if w == "ray" else w, args.max_runs, args.time_limit,
                    "local" if w == "ray" else None)
            base = base or r
            per_run = 1000 * r["coordinator_cpu"] / r["runs"] if w != 1 and r["runs"] else float("nan")
            total = 1000 * (r["coordinator_cpu"] + r["worker_cpu"]) / r["runs"] if r["runs"] else float("nan")
            same = r["bugs"] == base["bugs"] and r["arcs"] == base["arcs"]
            print(f"{name + '.' + function:26} {n:>3} {w:>7} {r['runs']:>6} {r['paths']:>6} {str(r['complete']):>8} "
                  f"{len(r['bugs']):>5} {len(r['arcs']):>5} {str(same):>5} {r['seconds']:>7.2f} "
                  f"{base['seconds'] / r['seconds']:>7.2f} {str(r['peak']):>5} {per_run:>12.2f} "
                  f"{r['worker_cpu']:>12.2f} {total:>10.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
