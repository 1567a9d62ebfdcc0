"""Parallel exploration: one strategy (DART unless --strategy) with 1 and with N worker
processes (--workers), on the same programs in one invocation.

Prints runs (replays of split subtrees included), paths, bugs, completeness, wall
seconds and the speedup against one worker (complete: under the fixed bounds, unless
--deepen); `peak` is the largest frontier seen (subtrees waiting plus every worker's
pending candidates: how many workers it could have kept busy); `coord ms/run` is the
coordinator's own CPU per run, which bounds how many workers one coordinator can feed.
On a loaded machine read the CPU columns: `CPU s` is the busiest process's CPU seconds
(one process; or the larger of the coordinator's and the workers' mean), `cpu speedup`
one process's CPU over it, `idle s` the seconds workers waited with nothing to run.

    python benchmarks/parallel.py                         # 1 and 2 workers
    python benchmarks/parallel.py --workers 1 2 --programs strcmp_testme
    python benchmarks/parallel.py --ray                   # and the same on Ray actors
    python benchmarks/parallel.py --programs calc pl0 --n 4 --frontier   # the frontier over time
    python benchmarks/parallel.py --strategy interleaved --deepen        # the default search, bounds deepening
    python benchmarks/parallel.py --strategy smart --coverage --fresh    # SMART, each row in a process of its own

`all CPU s` adds every process's CPU (the work done, whatever the load); under
`--strategy smart` a line gives the path summaries, the calls explored and
summarized (every worker's) and the messages of summaries passed between workers,
under `demand` its lazy and relevant runs.  `--fresh` runs each row in a new
process: all explorations of one process share z3's context, so a row's counts may
depend on the rows before it.
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
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "tests")))

import smartest  # noqa: E402
from support.oracle import label, load  # noqa: E402

CASES = [("locate_top", "top", 16), ("strcmp_testme", "testme", 16), ("calc", "calc", 3),
         ("pl0", "parse_and_check", 4), ("pex_parser", "check", 4)]


def run(name: str, function: str, n: int, workers: int, max_runs: int, time_limit: float, ray: str | None = None,
        strategy: str = "dart", deepen: bool = False, coverage: bool = False) -> dict:
    path = os.path.join(HERE, "programs", f"{name}.py")
    module = load(path)
    frontier = _Frontier()
    wall, cpu = time.perf_counter(), time.process_time()
    report = smartest.explore(f"{path}:{function}", strategy=strategy, workers=workers, max_str_len=n, ray=ray,
                              deepen=deepen, run_dir=None, coverage=coverage, max_runs=max_runs, time_limit=time_limit,
                              handlers=[frontier])
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    bugs = {label(module, function, dict(t.inputs)) for t in report.tests}
    par = report.extra.get("parallel", {})
    return {"runs": report.runs, "paths": report.paths, "complete": report.complete_under_bounds, "seconds": wall,
            "compositional": _compositional(report), "arcs": _arcs(module, function, report),
            "bugs": sorted(b for b in bugs if b.startswith("bug ")), "cpu": cpu,
            "coordinator_cpu": par.get("coordinator_cpu_s", cpu), "worker_cpu": par.get("worker_cpu_s", 0.0),
            "idle": par.get("worker_idle_s", 0.0), "peak": par.get("peak_frontier", "-"), "frontier": frontier.samples,
            "branches": report.coverage.get("branches_covered", "-"), "explore_s": report.time_s}


def _compositional(report) -> str:
    """What SMART and demand-driven search did with their summaries and trees."""
    smart, demand, par = report.extra.get("smart"), report.extra.get("demand"), report.extra.get("parallel", {})
    if smart:
        fns = smart["functions"].values()
        return (f"summaries {smart['summaries']} paths; calls explored {sum(f['explored_calls'] for f in fns)}, "
                f"summarized {sum(f['summarized_calls'] for f in fns)}; contexts "
                f"{sum(f['contexts'] for f in fns)}; summary messages passed on {par.get('summaries_shared', 0)}")
    latest = report.extra.get("latest")
    if latest:
        return (f"abstract runs {latest['abstract_runs']}, concrete runs {latest['concrete_runs']}, abstract paths "
                f"{latest['abstract_paths']} (concretized {latest['concretized']}, refuted {latest['refuted']}); "
                f"killed runs {par.get('killed_runs', 0)}")
    if demand:
        return (f"lazy runs {demand['lazy_runs']}, relevant runs {demand['relevant_runs']}, sides proved "
                f"unreachable {demand['unreachable']}; local paths {demand['paths']} (every worker's), "
                f"messages of paths passed on {par.get('summaries_shared', 0)}")
    return ""


def _arcs(module, function: str, report) -> int:
    """Line arcs of the program's own code on plain calls of every generated input."""
    from support.relative import arcs_of
    arcs: set = set()
    for t in report.tests:
        arcs |= arcs_of(module, function, dict(t.inputs))[1]
    return len(arcs)


class _Frontier:
    """Samples the frontier (subtrees waiting + every worker's pending candidates) as runs arrive."""

    def __init__(self) -> None:
        self.samples: list[tuple[int, float, int]] = []    # (runs, seconds, frontier)
        self.t0 = time.perf_counter()

    def on_test(self, test, stats) -> None:
        par = getattr(stats, "parallel", None) or {}
        if "frontier" in par:
            self.samples.append((stats.runs, time.perf_counter() - self.t0, par["frontier"]))


def deciles(samples: list) -> str:
    """The frontier at every tenth of the runs."""
    if not samples:
        return "-"
    last = samples[-1][0]
    out, k = [], 0
    for tenth in range(1, 11):
        while k < len(samples) - 1 and samples[k][0] < last * tenth / 10:
            k += 1
        out.append(str(samples[k][2]))
    return " ".join(out)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--workers", nargs="+", type=int, default=[1, 2])
    p.add_argument("--programs", nargs="+", default=None)
    p.add_argument("--max-runs", type=int, default=20000)
    p.add_argument("--time-limit", type=float, default=120.0)
    p.add_argument("--strategy", default="dart", help="dart, interleaved, generational, smart, demand or latest")
    p.add_argument("--fresh", action="store_true", help="each row in a process of its own")
    p.add_argument("--one", nargs=4, metavar=("NAME", "FUNCTION", "N", "WORKERS"), help=argparse.SUPPRESS)
    p.add_argument("--n", type=int, default=None, help="the starting string bound for every program")
    p.add_argument("--coverage", action="store_true",
                   help="replay the tests under coverage and print the branches covered (seconds: exploration only)")
    p.add_argument("--frontier", action="store_true",
                   help="print the frontier at each tenth of the runs (rows with workers)")
    p.add_argument("--deepen", action="store_true", help="iterative deepening from --max-str-len n (default: fixed)")
    p.add_argument("--ray", action="store_true", help="also a row with the workers as actors of a local 2-CPU Ray")
    args = p.parse_args(argv)
    if args.one:
        name, function, n, w = args.one
        if w == "ray":
            import ray
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        r = run(name, function, int(n), 2 if w == "ray" else int(w), args.max_runs, args.time_limit,
                "local" if w == "ray" else None, args.strategy, args.deepen, args.coverage)
        print(json.dumps({k: v for k, v in r.items() if k != "frontier"} | {"frontier": deciles(r["frontier"])}))
        return 0
    if args.ray and not args.fresh:
        import ray
        from smartest.engine.distributed import actors
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        start = time.perf_counter()
        ray.get([a.pid.remote() for a in actors(ray, 2)])
        print(f"ray: 2 actors started (smartest and z3 imported) in {time.perf_counter() - start:.2f} s, "
              "once per Ray session: not in the rows below")
    cases = [c for c in CASES if not args.programs or c[0] in args.programs]
    header = (f"{'program':26} {'n':>3} {'workers':>7} {'runs':>6} {'paths':>6} {'complete':>8} {'bugs':>5} "
              f"{'sec':>7} {'speedup':>7} {'peak':>5} {'coord ms/run':>12} {'CPU s':>6} {'cpu speedup':>11} "
              f"{'idle s':>6} {'all CPU s':>9} {'arcs':>5}")
    print(header)
    print("-" * len(header))
    for name, function, n in cases:
        n = args.n or n
        base = None
        for w in [*args.workers, *(["ray"] if args.ray else [])]:
            if args.fresh:
                r = _fresh(args, name, function, n, w)
            else:
                r = run(name, function, n, 2 if w == "ray" else w, args.max_runs, args.time_limit,
                        "local" if w == "ray" else None, args.strategy, args.deepen, args.coverage)
                r["frontier"] = deciles(r["frontier"])
            if args.coverage:
                r["seconds"] = r["explore_s"]
            base = base or r
            per_run = 1000 * r["coordinator_cpu"] / r["runs"] if w != 1 and r["runs"] else float("nan")
            # On a loaded machine wall seconds say little: `CPU s` is the busiest process's
            # CPU (the one process, or the most loaded of coordinator and workers' mean),
            # and `cpu speedup` one process's CPU over it: the speedup an idle machine with
            # a core per process would show, if nothing waited.
            busiest = r["cpu"] if w == 1 else max(r["coordinator_cpu"], r["worker_cpu"] / (2 if w == "ray" else w))
            print(f"{name + '.' + function:26} {n:>3} {w:>7} {r['runs']:>6} {r['paths']:>6} {str(r['complete']):>8} "
                  f"{len(r['bugs']):>5} {r['seconds']:>7.2f} {base['seconds'] / r['seconds']:>7.2f} "
                  f"{str(r['peak']):>5} {per_run:>12.2f} {busiest:>6.2f} {base['cpu'] / busiest:>11.2f} "
                  f"{r['idle']:>6.2f} {r['cpu'] if w == 1 else r['coordinator_cpu'] + r['worker_cpu']:>9.2f} "
                  f"{r['arcs']:>5}", flush=True)
            if r["compositional"]:
                print(f"    {r['compositional']}", flush=True)
            if args.coverage:
                print(f"    branches covered: {r['branches']}", flush=True)
            if args.frontier and w != 1:
                print(f"    frontier at each tenth of the runs: {r['frontier']}", flush=True)
    return 0


def _fresh(args, name: str, function: str, n: int, w) -> dict:
    """One row in a new process (`--one`)."""
    cmd = [sys.executable, os.path.abspath(__file__), "--one", name, function, str(n), str(w), "--strategy",
           args.strategy, "--max-runs", str(args.max_runs), "--time-limit", str(args.time_limit),
           *(["--deepen"] if args.deepen else []), *(["--coverage"] if args.coverage else [])]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


if __name__ == "__main__":
    sys.exit(main())
