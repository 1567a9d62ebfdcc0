"""Benchmark runner: every program of benchmarks/programs under every strategy.

Prints one row per (program, n, strategy): runs, distinct paths, solver queries,
whether the bug was found (checked by re-running the input on the plain function),
whether the search was complete, wall and CPU seconds, runs per second, and
runs/queries/CPU seconds as ratios against DART measured in the same invocation.  n bounds the string inputs,
or, for the container programs, the container inputs (--max-len).  With --bugs, each
distinct bug label (re-run on the plain function) with the run and the CPU seconds
at which it was first found and their ratios to DART's for the same bug, and with
--coverage the branch coverage of coverage.py on a replay of every input, next to
DART's.  --markdown ends with the same figures as one table (DART the baseline).

    python benchmarks/run.py                      # default suite
    python benchmarks/run.py --strategies dart smart --programs locate_top
    python benchmarks/run.py --slow               # also the slow cases
    python benchmarks/run.py --quality            # the slow cases, then pytest -m quality (the differential suite)
    python benchmarks/run.py --strategies dart interleaved --programs calc hwm --bugs --coverage --markdown
"""
from __future__ import annotations

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "src")))
sys.path.insert(0, os.path.normpath(os.path.join(HERE, "..", "tests")))

import smartest  # noqa: E402
from smartest.strategies import STRATEGIES  # noqa: E402
from support.oracle import label, load  # noqa: E402

# (file, entry point, [n ...]); n bounds strings (--max-str-len), or containers
# (--max-len) for the entries listed in LEN_BOUND
SUITE = [
    ("locate_top", "top", [2, 4, 8, 16]),
    ("locate_twice", "top_two_buffers", [2, 4]),
    ("locate_twice", "top_same_buffer", [2, 4, 8]),
    ("strcmp_testme", "testme", [4, 8]),
    ("obscure", "obscure", [4]),
    ("abs_testabs", "test_abs", [4]),
    ("side_effect", "main", [4]),
    ("deposit", "deposit_test", [4]),
    ("unsound_fig3", "test", [4]),
    ("cube_fig6", "test", [4]),
    ("mixed_fig1", "test", [4]),
    ("mixed_fig1", "test_line7", [4]),
    ("hwm", "hwm", [3]),
    ("incdec", "incdec", [4]),
    ("pex_parser", "check", [3, 4]),
    ("containers_orders", "process", [2, 3]),
    ("containers_rpn", "evaluate", [2, 3, 4]),
    ("containers_intervals", "merge", [2, 3]),
    ("calc_divzero", "calc", [4]),
    ("calc_divzero", "calc_pure", [4]),
    ("calc_divzero", "calc_tokens", [4]),
    ("pl0_proc", "parse_program", [32]),
    ("mixed_hash", "mixed_hash", [4]),
    ("calc", "calc", [7]),
    ("pl0", "parse_and_check", [15]),
    ("pl0_calls", "parse", [16]),
]
SLOW = [("strcmp_testme", "testme", [16]), ("hwm", "hwm", [4]), ("pex_parser", "check", [6]),
        ("containers_orders", "process", [4]), ("containers_intervals", "merge", [4])]
LEN_BOUND = {"containers_orders": 2, "containers_rpn": 2, "containers_intervals": 2}  # file -> max_str_len


def run_case(name: str, function: str, n: int, strategy: str, max_runs: int, time_limit: float,
             coverage: bool = False, seed: int = 0) -> dict:
    path = os.path.join(HERE, "programs", f"{name}.py")
    module = load(path)
    runs_at: list[int] = []   # after how many runs each test came (a strategy's runs need not all be tests)

    class RunIndex:
        def on_test(self, test, stats):
            runs_at.append((stats.runs, time.process_time() - c0))

    t0, c0 = time.perf_counter(), time.process_time()
    bounds = {"max_len": n, "max_str_len": LEN_BOUND[name]} if name in LEN_BOUND else {"max_str_len": n}
    report = smartest.explore(f"{path}:{function}", run_dir=None, deepen=False, coverage=coverage, strategy=strategy,
                              max_runs=max_runs, time_limit=time_limit, handlers=[RunIndex()], seed=seed, **bounds)
    seconds, cpu_seconds = time.perf_counter() - t0, time.process_time() - c0
    bugs: dict[str, tuple[int, float]] = {}    # label -> (run, CPU seconds) of its first input
    for t, (run, cpu) in zip(report.tests, runs_at):
        if t.outcome in ("returned", "raised"):
            lab = label(module, function, dict(t.inputs))
            if lab.startswith("bug ") and lab not in bugs:
                bugs[lab] = (run, cpu)
    cov = report.coverage or {}
    return {"runs": report.runs, "paths": report.paths, "queries": report.solver["queries"],
            "bug": bool(bugs), "first_bug_run": min(r for r, _ in bugs.values()) if bugs else None,
            "bugs": bugs, "complete": report.complete_under_bounds, "seconds": seconds, "cpu": cpu_seconds,
            "stop": report.stop_reason,
            "fallback_runs": report.fallback_runs,
            "branches": (cov.get("branches_covered"), cov.get("branches_total")) if cov else None}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--strategies", nargs="+", default=list(STRATEGIES))
    p.add_argument("--programs", nargs="+", default=None)
    p.add_argument("--max-runs", type=int, default=3000)
    p.add_argument("--time-limit", type=float, default=120.0)
    p.add_argument("--seed", type=int, default=0, help="the seed of the first random input")
    p.add_argument("--slow", action="store_true", help="include the slow cases")
    p.add_argument("--quality", action="store_true",
                   help="include the slow cases, then run the quality tests (pytest -m quality)")
    p.add_argument("--bugs", action="store_true", help="per bug: the run and CPU seconds that first found it")
    p.add_argument("--coverage", action="store_true", help="branch coverage at the end (coverage.py, replayed)")
    p.add_argument("--markdown", action="store_true", help="end with every row as a markdown table")
    args = p.parse_args(argv)
    suite = SUITE + (SLOW if args.slow or args.quality else [])
    if args.programs:
        suite = [c for c in suite if c[0] in args.programs or f"{c[0]}.{c[1]}" in args.programs]
    header = (f"{'program':34} {'n':>3} {'strategy':13} {'runs':>6} {'paths':>6} {'queries':>8} {'bug@run':>8} "
              f"{'complete':>8} {'sec':>7} {'cpu s':>7} {'runs/s':>7} {'runs/DART':>9} {'q/DART':>7} {'cpu/DART':>8}")
    rows: list[tuple[str, int, str, dict, dict | None]] = []
    print(header)
    print("-" * len(header))
    for name, function, sizes in suite:
        for n in sizes:
            base = None
            for strategy in args.strategies:
                r = run_case(name, function, n, strategy, args.max_runs, args.time_limit, args.coverage, args.seed)
                if strategy == "dart":
                    base = r
                ratio = f"{r['runs'] / base['runs']:.2f}" if base and base["runs"] else "-"
                qratio = f"{r['queries'] / base['queries']:.2f}" if base and base["queries"] else "-"
                cratio = f"{r['cpu'] / base['cpu']:.2f}" if base and base["cpu"] else "-"
                rows.append((f"{name}.{function}", n, strategy, r, base))
                bug = str(r["first_bug_run"]) if r["bug"] else "-"
                extra = ""
                if args.coverage and r["branches"]:
                    extra += f"  branches {_branches(r, base)}"
                if args.bugs:
                    extra += "  " + (", ".join(_bug_cell(lab, run, cpu, base) for lab, (run, cpu) in
                                               sorted(r["bugs"].items())) or "no bug")
                    if r["fallback_runs"]:
                        extra += f"  ({r['fallback_runs']} fallback runs)"
                print(f"{name + '.' + function:34} {n:>3} {strategy:13} {r['runs']:>6} {r['paths']:>6} "
                      f"{r['queries']:>8} {bug:>8} {str(r['complete']):>8} {r['seconds']:>7.2f} {r['cpu']:>7.2f} "
                      f"{r['runs'] / r['seconds']:>7.0f} {ratio:>9} {qratio:>7} {cratio:>8}{extra}",
                      flush=True)
    if args.markdown:
        _markdown(rows, args.coverage)
    if args.quality:
        import subprocess
        return subprocess.call([sys.executable, "-m", "pytest", "-q", "-m", "quality", "-p", "no:cacheprovider",
                                os.path.join(HERE, "..", "tests")])
    return 0


def _bug_cell(lab: str, run: int, cpu: float, base: dict | None) -> str:
    """`IndexError@9 (0.1 s; x0.50 runs, x0.40 CPU of DART's)`: DART's first input with
    the same bug is the baseline; `DART: not found` when it has none."""
    cell = f"{lab[4:]}@{run} ({cpu:.1f} s"
    if base is not None and lab in base["bugs"]:
        drun, dcpu = base["bugs"][lab]
        cell += f"; x{run / drun:.2f} runs, " + (f"x{cpu / dcpu:.2f} CPU" if dcpu > 0 else "CPU -")
    elif base is not None:
        cell += "; DART: not found"
    return cell + ")"


def _branches(r: dict, base: dict | None) -> str:
    """`13/26 (DART 26)`: branch arcs coverage.py saw on a replay of every input."""
    covered, total = r["branches"]
    dart = f" (DART {base['branches'][0]})" if base and base.get("branches") and base is not r else ""
    return f"{covered}/{total}{dart}"


def _markdown(rows, coverage: bool) -> None:
    """Every row again as one markdown table, DART's row of each program the baseline."""
    print("\n| program | n | strategy | runs | complete | CPU s (x DART) | bugs: run, CPU s (x DART's runs, CPU) |"
          + (" branches |" if coverage else ""))
    print("|---|---|---|---|---|---|---|" + ("---|" if coverage else ""))
    for program, n, strategy, r, base in rows:
        cpu = f"{r['cpu']:.1f}" + (f" (x{r['cpu'] / base['cpu']:.2f})" if base and base is not r and base["cpu"] else "")
        bugs = []
        for lab, (run, bcpu) in sorted(r["bugs"].items()):
            cell = f"{lab[4:]} @{run}, {bcpu:.1f} s"
            if base is not None and base is not r:
                if lab in base["bugs"]:
                    drun, dcpu = base["bugs"][lab]
                    cell += f" (x{run / drun:.2f}" + (f", x{bcpu / dcpu:.2f} CPU)" if dcpu > 0 else ")")
                else:
                    cell += " (DART: -)"
            bugs.append(cell)
        stop = "yes" if r["complete"] else f"no ({r['stop']})"
        branches = f" {_branches(r, base)} |" if coverage and r["branches"] else (" - |" if coverage else "")
        print(f"| {program} | {n} | {strategy} | {r['runs']} | {stop} | {cpu} | {'; '.join(bugs) or 'none'} |"
              + branches)


if __name__ == "__main__":
    sys.exit(main())
