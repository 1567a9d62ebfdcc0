"""SMART against DART in runs to each bug (issue 12, item 5), every configuration in a
fresh process.

Every program with a bug: the runner's suite (benchmarks/programs), the corpus programs
(tests/programs) that declare a `bug ...` label, and the SMART targets of
tests/integration/targets/compositional.py.  Each (program, strategy) is explored in its
own `python3` process, because all explorations of one process share z3's context and
an exploration's run counts depend on what explored before it.  A bug is a label of
`support.oracle.label` (the input re-run on the plain function); its cost is the number
of runs after which the first input with that label came.  Counts only.

    python3 benchmarks/smart_runs.py                     # the whole table
    python3 benchmarks/smart_runs.py --only calc_pure two_digits
    python3 benchmarks/smart_runs.py --json FILE         # also keep every row as JSON
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(ROOT, "src"))
sys.path.insert(0, os.path.join(ROOT, "tests"))

COMPOSITIONAL = os.path.join(ROOT, "tests", "integration", "targets", "compositional.py")
TARGETS = ["two_digits", "bracketed", "parity", "metered", "shapes"]


def cases() -> list[tuple[str, str, str, dict, int, float]]:
    """(name, path, function, bounds, max_runs, time_limit) of every program with a bug."""
    sys.path.insert(0, HERE)
    import run as runner   # noqa: E402  (the runner's suite and bounds)
    out = []
    for name, function, sizes in runner.SUITE:
        for n in sizes:
            bounds = {"max_len": n, "max_str_len": runner.LEN_BOUND[name]} if name in runner.LEN_BOUND \
                else {"max_str_len": n}
            out.append((f"{name}.{function} n={n}", os.path.join(HERE, "programs", f"{name}.py"), function, bounds,
                        1500, 120.0))
    for function in TARGETS:
        out.append((f"compositional.{function}", COMPOSITIONAL, function, {"max_str_len": 4}, 1500, 60.0))
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "programs", "p[0-9]*.py"))):
        text = open(path, encoding="utf-8").read()
        if '"bug ' not in text:
            continue
        out.append((os.path.basename(path)[:-3], path, "", {}, 600, 30.0))
    return out


def one(path: str, function: str, strategy: str, bounds: dict, max_runs: int, time_limit: float) -> dict:
    """Explore once (in this process) and return the first run of each bug."""
    import smartest
    from support.oracle import FirstBugRuns, load
    module = load(path)
    if not function:
        expected = module.EXPECTED
        function = expected["function"]
        bounds = {k: expected[k] for k in ("max_str_len", "max_len", "max_depth") if k in expected}
        bounds.setdefault("max_str_len", 4)
    first = FirstBugRuns(module, function)
    report = smartest.explore(f"{path}:{function}", strategy=strategy, run_dir=None, deepen=False, coverage=False,
                              max_runs=max_runs, time_limit=time_limit, seed=0, handlers=[first], **bounds)
    return {"bugs": first.first, "runs": report.runs, "stop": report.stop_reason, "complete": report.complete}


def fresh(case, strategy: str) -> dict:
    name, path, function, bounds, max_runs, time_limit = case
    args = json.dumps([path, function, strategy, bounds, max_runs, time_limit])
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src"), PYTHONHASHSEED="0")
    proc = subprocess.run([sys.executable, __file__, "--one", args], capture_output=True, text=True, env=env,
                          timeout=time_limit * 3 + 120)
    if proc.returncode != 0:
        return {"error": (proc.stderr.strip().splitlines() or ["?"])[-1]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--one", help=argparse.SUPPRESS)
    p.add_argument("--only", nargs="+", help="names (or parts of names) of the cases to run")
    p.add_argument("--strategies", nargs=2, default=["dart", "smart"])
    p.add_argument("--json", help="append every row as a JSON line to this file")
    args = p.parse_args(argv)
    if args.one:
        print(json.dumps(one(*json.loads(args.one))))
        return 0
    base, other = args.strategies
    print(f"{'program':40} {'bug':22} {base + ' run':>9} {other + ' run':>10}  {'runs (' + base + '/' + other + ')':>16}")
    worse = 0
    for case in cases():
        if args.only and not any(o in case[0] for o in args.only):
            continue
        rows = {s: fresh(case, s) for s in (base, other)}
        if any("error" in r for r in rows.values()):
            print(f"{case[0]:40} error: {rows}", flush=True)
            continue
        labels = sorted(set(rows[base]["bugs"]) | set(rows[other]["bugs"]))
        for lab in labels or ["(none found)"]:
            a, b = rows[base]["bugs"].get(lab), rows[other]["bugs"].get(lab)
            mark = "  <-- more runs" if a is not None and (b is None or b > a) else ""
            worse += bool(mark)
            print(f"{case[0]:40} {lab.removeprefix('bug '):22} {a if a is not None else '-':>9} {b if b is not None else '-':>10}  "
                  f"{rows[base]['runs']:>7}/{rows[other]['runs']:<8}{mark}", flush=True)
        if args.json:
            with open(args.json, "a", encoding="utf-8") as f:
                f.write(json.dumps({"case": case[0], **{s: rows[s] for s in rows}}) + "\n")
    print(f"\n{worse} bugs where {other} needed more runs than {base} (or missed one {base} found)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
