"""What breadth costs: per-operation overhead of the proxies, and runs per second
on the conformance corpus.

    python benchmarks/overhead.py ops       # ratio proxy/plain per operation
    python benchmarks/overhead.py corpus    # runs/s exploring every tests/programs/p*.py
    python benchmarks/overhead.py           # both

`ops` times each operation on plain Python values and on the concolic proxies with a
recorder active (so branches are recorded and terms built), and prints the ratio.
Each iteration mixes in the loop counter, so every term and every branch is new, as
in a real run (hash-consing would make repeated identical operations look cheaper).
An operation that concretizes still counts: it shows what the fallback costs.

`corpus` explores each program of the corpus with the settings of the corpus test
(no coverage replay) and prints runs, seconds and runs per second per program and
in total.  Counts are stable; seconds depend on the machine and its load.
"""
from __future__ import annotations

import argparse
import glob
import math
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# SMARTEST_SRC: measure another checkout (e.g. the code before a change) with this script.
sys.path.insert(0, os.environ.get("SMARTEST_SRC", os.path.join(HERE, "..", "src")))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

import smartest  # noqa: E402
from smartest import models  # noqa: E402
from smartest.symbolic import inputs  # noqa: E402
from smartest.trace.recorder import ACTIVE, Recorder  # noqa: E402
from support.oracle import load  # noqa: E402

M = models.REGISTRY
try:  # what the source rewrite turns `x in c` and f-strings into (absent before it existed)
    from smartest.models.syntax import contains as _in, fstring as _fstring
except ImportError:
    def _in(x, c):
        return x in c

    def _fstring(*parts):
        return "".join(format(p[0], p[2] or "") if type(p) is tuple else p for p in parts)


def _proxy(kind: str, name: str, value):
    return inputs.BY_NAME[kind].proxy(name, value) if kind in inputs.BY_NAME else value


# (name, kinds of the two operands, plain values, operation(a, b, i))
OPS = [
    ("int a + i", ("int", "int"), (12345, 7), lambda a, b, i: a + i),
    ("int a * b", ("int", "int"), (12345, 7), lambda a, b, i: a * b + i),
    ("int a // b", ("int", "int"), (12345, 7), lambda a, b, i: (a + i) // b),
    ("int a < i (branch)", ("int", "int"), (12345, 7), lambda a, b, i: bool(a < i)),
    ("int a & 0xFF", ("int", "int"), (12345, 7), lambda a, b, i: (a + i) & 0xFF),
    ("int a ^ b", ("int", "int"), (12345, 7), lambda a, b, i: (a + i) ^ b),
    ("int a << 3", ("int", "int"), (12345, 7), lambda a, b, i: (a + i) << 3),
    ("int a ** 2", ("int", "int"), (12345, 7), lambda a, b, i: (a + i) ** 2),
    ("int 2 ** b", ("int", "int"), (12345, 7), lambda a, b, i: 2 ** (b + i % 5)),
    ("float x + y", ("float", "float"), (1.5, 2.25), lambda a, b, i: a + b * i),
    ("float x < y (branch)", ("float", "float"), (1.5, 2.25), lambda a, b, i: bool(a * i < b)),
    ("math.sqrt(x)", ("float", "float"), (1.5, 2.25), lambda a, b, i: math.sqrt(a + i)),
    ("str s[i]", ("str", "int"), ("hello world", 3), lambda s, b, i: s[i % 8]),
    ("str s + t", ("str", "str"), ("hello", "world"), lambda s, t, i: s + t),
    ("str s == 'x' (branch)", ("str", "str"), ("hello", "world"), lambda s, t, i: bool(s == t[: i % 5])),
    ("len(s)", ("str", "int"), ("hello world", 3), lambda s, b, i: M["len"](s) + i),
    ("int(s)", ("str", "int"), ("12345", 3), lambda s, b, i: M["int"](s) + i),
    ("str(n)", ("int", "int"), (12345, 3), lambda a, b, i: M["str"](a + i)),
    ("s.lower()", ("str", "int"), ("HeLLo", 3), lambda s, b, i: (s + "A").lower()),
    ("s.strip()", ("str", "int"), (" hello ", 3), lambda s, b, i: (s + " ").strip()),
    ("s.split(',')", ("str", "int"), ("a,b,c", 3), lambda s, b, i: (s + ",").split(",")),
    ("ch in 'aeiou' (branch)", ("str", "int"), ("hello", 3), lambda s, b, i: bool(_in(s[i % 5], "aeiou"))),
    ("f'{n}:{s}'", ("int", "str"), (42, "ok"), lambda a, s, i: _fstring((a + i, None, None), ":", (s, None, None))),
    ("b[i] (bytes)", ("bytes", "int"), (b"hello", 3), lambda s, b, i: s[i % 5] + i),
    ("b.decode()", ("bytes", "int"), (b"hello", 3), lambda s, b, i: (s + b"!").decode()),
]


def _time(fn, a, b, n: int) -> float:
    t0 = time.perf_counter()
    for i in range(n):
        fn(a, b, i)
    return (time.perf_counter() - t0) / n


def ops(n: int) -> None:
    print(f"{'operation':26} {'plain ns':>9} {'proxy ns':>9} {'ratio':>7}")
    for name, kinds, values, fn in OPS:
        if any(k not in inputs.BY_NAME for k in kinds):
            print(f"{name:26} {'(no ' + '/'.join(k for k in kinds if k not in inputs.BY_NAME) + ' input kind)':>27}")
            continue
        plain = min(_time(fn, *values, n) for _ in range(3))
        best = math.inf
        for _ in range(3):
            rec = Recorder(max_depth=10 ** 9)
            token = ACTIVE.set(rec)
            try:
                a, b = _proxy(kinds[0], "a", values[0]), _proxy(kinds[1], "b", values[1])
                best = min(best, _time(fn, a, b, n))
            finally:
                ACTIVE.reset(token)
        print(f"{name:26} {plain * 1e9:9.0f} {best * 1e9:9.0f} {best / plain:7.1f}")


def corpus(pattern: str) -> None:
    programs = sorted(glob.glob(os.path.join(HERE, "..", "tests", "programs", pattern)))
    total_runs, total_s = 0, 0.0
    print(f"{'program':32} {'runs':>6} {'paths':>6} {'queries':>8} {'complete':>8} {'sec':>7} {'runs/s':>8}")
    for path in programs:
        expected = load(path).EXPECTED
        t0 = time.perf_counter()
        report = smartest.explore(f"{path}:{expected['function']}", run_dir=None, coverage=False,
                                  max_str_len=expected.get("max_str_len", 4), max_runs=600, time_limit=15,
                                  solver_timeout_ms=2000)
        seconds = time.perf_counter() - t0
        total_runs += report.runs
        total_s += seconds
        print(f"{os.path.basename(path)[:-3]:32} {report.runs:6} {report.paths:6} {report.solver['queries']:8} "
              f"{str(report.complete):>8} {seconds:7.2f} {report.runs / seconds:8.1f}", flush=True)
    print(f"{'total':32} {total_runs:6} {'':6} {'':8} {'':8} {total_s:7.2f} {total_runs / total_s:8.1f}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", nargs="?", choices=("ops", "corpus", "all"), default="all")
    p.add_argument("-n", type=int, default=20000, help="iterations per operation")
    p.add_argument("--programs", default="p*.py", help="glob of corpus programs")
    args = p.parse_args(argv)
    if args.what in ("ops", "all"):
        ops(args.n)
    if args.what in ("corpus", "all"):
        corpus(args.programs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
