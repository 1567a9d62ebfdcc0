"""Held-out campaign (issue 11): smartest with default flags on small wrappers over code
nobody here wrote (benchmarks/heldout/targets.py: standard-library modules in C and in
Python, str methods, formatting, and five small packages from the package index).

For each function it prints whether the search claimed `complete`, the outcomes
(return values and exception types) and the wrapper's branch arcs smartest reached
against those reachable, whether the search stopped by itself with budget left
("stalled"), and the runs that left their predicted path with no recorded cause.
What is reachable is found without smartest: hand-written witnesses plus seeded random
inputs, run on the plain function; what smartest reached is found by re-running its
generated inputs on the plain function, never from its own bookkeeping.  A `complete`
with an outcome or arc missed is flagged FALSE-COMPLETE.

    python3 benchmarks/heldout.py --setup        # once: scratch venv with the packages
    PYTHONPATH=src python3 benchmarks/heldout.py [--time-limit 30] [--max-runs 1000]
                                                 [--jobs 2] [--only NAME,...] [--out FILE]

Each exploration runs in its own interpreter (the models installed into the target's
modules stay out of the plain copy used to label outcomes).  Slow: not part of CI;
tests/integration/test_heldout.py (quality) runs a few entries.
"""
from __future__ import annotations

import argparse
import ast
import concurrent.futures
import glob
import importlib.util
import json
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TARGETS = os.path.join(HERE, "heldout", "targets.py")
VENV = "/tmp/heldout-venv"
PACKAGES = ("inflection", "roman", "semver", "stringcase", "webcolors")

S = "s"
# name -> (witnesses, alphabet of the random strings/bytes, longest random string)
# The witnesses are hand inputs, one per outcome we know of; random inputs may add more.
ENTRIES: dict[str, tuple[list[dict], str, int]] = {
    "shlex_split": ([{S: "'"}, {S: ""}, {S: "a"}, {S: "a b"}, {S: "a b c"}], " ab'\"\\", 8),
    "dedent": ([{S: " a"}, {S: "a"}], " \ta\n", 6),
    "unescape": ([{S: "&lt;"}, {S: "&amp;"}, {S: "a"}], "&lt;amp#x3c", 8),
    "plural": ([{S: "n!=1"}, {S: "n==1"}, {S: "n("}], "n!=1<>?:%()2 ", 8),
    "parseaddr": ([{S: ""}, {S: "a@b"}, {S: "x <a@b>"}], "a@b <>x\",", 8),
    "urlsplit": ([{S: "http:"}, {S: "//a"}, {S: "a"}, {S: "//["}], "htp:/a[]", 8),
    "ipaddr": ([{S: "1.2.3.4"}, {S: "::"}, {S: "x"}], "0123.:af", 8),
    "glob_like": ([{S: "abc"}, {S: "x"}], "abc*?", 6),
    "template": ([{S: "$a"}, {S: "$b"}, {S: "$"}, {S: "x"}], "$ab{}", 6),
    "hsv": ([{"r": 0, "g": 0, "b": 0}, {"r": 1, "g": 1, "b": 1}, {"r": 1, "g": 0, "b": 0},
             {"r": 0, "g": 0, "b": 1}], "", 0),
    "month_days": ([{"y": 2023, "m": 2}, {"y": 2024, "m": 2}, {"y": 2023, "m": 4}, {"y": 2023, "m": 1},
                    {"y": 2023, "m": 13}], "", 0),
    "b64": ([{S: b"!"}, {S: b""}, {S: b"YQ=="}, {S: b"YWI="}, {S: b"YWJj"}], "YWJjQ=!", 8),
    "unhex": ([{S: "ab"}, {S: "00"}, {S: "a"}, {S: "x"}], "ab0x", 4),
    "crc": ([{S: b""}, {S: b"a"}], "abc", 4),
    "sha": ([{S: ""}, {S: "a"}], "abc", 4),
    "category": ([{S: "A"}, {S: "1"}, {S: "a"}, {S: ""}], "Aa1 ", 2),
    "hex_width": ([{"n": 1}, {"n": 16}, {"n": 256}, {"n": 4096}, {"n": -1}], "", 0),
    "translate": ([{S: "ab"}, {S: "x"}], "abxy", 3),
    "most_common": ([{S: ""}, {S: "a"}, {S: "aaa"}], "ab", 5),
    "grade": ([{"n": 0}, {"n": 10}, {"n": 20}, {"n": 30}], "", 0),
    "smallest": ([{"a": 0, "b": 1, "c": 2}, {"a": 1, "b": 0, "c": 2}, {"a": 2, "b": 1, "c": 0}], "", 0),
    "dec": ([{S: "x"}, {S: "nan"}, {S: "11"}, {S: "-1"}, {S: "1"}], "-1.2ean ", 5),
    "frac": ([{S: "x"}, {S: "1/0"}, {S: "1"}, {S: "1/2"}], "12/0.-", 5),
    "isodate": ([{S: "x"}, {S: "20240229"}, {S: "20240129"}], "2041-9", 10),
    "key_value": ([{S: "a"}, {S: "a=1"}, {S: "1=a"}], "a1=_ ", 5),
    "centered": ([{S: ""}, {S: "abcde"}], "ab", 6),
    "swapped": ([{S: "Ab"}, {S: "x"}], "aAbB", 3),
    "tabs": ([{S: "\t\t"}, {S: "a"}], "\ta", 4),
    "lines": ([{S: ""}, {S: "a"}, {S: "a\nb"}, {S: "a\nb\nc"}], "a\n\r", 6),
    "toml_keys": ([{S: "="}, {S: ""}, {S: "a=1"}, {S: "a=1\nb=2"}], "ab=1\n\"[]", 8),
    "squeeze": ([{S: "a b"}, {S: "x"}], "ab \t", 5),
    "is_keyword": ([{S: "if"}, {S: "x"}], "ifx", 3),
    "unpack_short": ([{"b": b""}, {"b": b"\xff\xff"}, {"b": b"\x00\x00"}], "\x00\xff\x01", 3),
    "from_bytes": ([{"b": b"\x03"}, {"b": b"\x00"}], "\x00\x03\x07\xff", 3),
    "grouped": ([{"n": 1000}, {"n": 1}], "", 0),
    "email_ok": ([{S: "a@b.cd"}, {S: "x"}], "ab@.cd", 8),
    "quote": ([{S: "a"}, {S: " "}, {S: "/?"}, {S: "\u00e9"}], "a /?%\u00e9", 4),
    # packages from the index
    "underscore": ([{S: "aB"}, {S: "ab"}], "aB-_", 5),
    "ordinal": ([{"n": 1}, {"n": 2}, {"n": 3}, {"n": 4}], "", 0),
    "semver_major": ([{S: "x"}, {S: "1.0.0"}, {S: "0.0.0"}], "01.-+a", 7),
    "from_roman": ([{S: "x"}, {S: "I"}, {S: "XI"}], "IVXL", 5),
    "to_roman": ([{"n": 0}, {"n": 1}, {"n": 10}], "", 0),
    "snake": ([{S: "aB"}, {S: "x"}], "aBb_", 4),
    "normal_hex": ([{S: "x"}, {S: "#fff"}, {S: "#000"}], "#f0", 7),
}
PACKAGE_ENTRIES = {"underscore", "ordinal", "semver_major", "from_roman", "to_roman", "snake", "normal_hex"}
UNEXPLAINED = "a run left its predicted path with no recorded cause"


def _site_dirs() -> list[str]:
    return sorted(glob.glob(os.path.join(VENV, "lib", "python*", "site-packages")))


def setup() -> None:
    """The scratch venv (system site-packages visible, for z3) with the packages."""
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", VENV], check=True)
    subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", *PACKAGES], check=True)


def _plain():
    spec = importlib.util.spec_from_file_location("plain_heldout_targets", TARGETS)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _outcome_and_arcs(fn, inputs: dict) -> tuple[str, frozenset]:
    code = fn.__code__
    arcs, last = set(), [-code.co_firstlineno]

    def tracer(frame, event, arg):
        if frame.f_code is not code:
            return None
        if event == "line":
            arcs.add((last[0], frame.f_lineno))
            last[0] = frame.f_lineno
        elif event == "return":
            arcs.add((last[0], -code.co_firstlineno))
        return tracer

    sys.settrace(tracer)
    try:
        label = f"return {fn(**inputs)!r}"
    except Exception as e:  # noqa: BLE001 - an exception is an outcome
        label = f"raise {type(e).__name__}"
    finally:
        sys.settrace(None)
    return label, frozenset(arcs)


def _random_inputs(fn, alphabet: str, longest: int, rng: random.Random, n: int):
    ints = [-1, 0, 1, 2, 3, 7, 9, 10, 11, 20, 30, 255, 256, 999, 1000, 1001, 2023, 2024, 4000, 65535]
    names = list(fn.__annotations__)
    names.remove("return") if "return" in names else None
    for _ in range(n):
        inputs = {}
        for p in names:
            t = fn.__annotations__[p]
            if t is int:
                inputs[p] = rng.choice(ints) if rng.random() < 0.6 else rng.randint(-100, 5000)
            else:
                text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, longest)))
                inputs[p] = text.encode("latin-1") if t is bytes else text
        yield inputs


def reachable(plain, name: str, samples: int = 3000) -> tuple[set[str], set]:
    fn = getattr(plain, name)
    witnesses, alphabet, longest = ENTRIES[name]
    outcomes, arcs = set(), set()
    rng = random.Random(11)
    for inputs in [*witnesses, *_random_inputs(fn, alphabet, longest, rng, samples)]:
        o, a = _outcome_and_arcs(fn, inputs)
        outcomes.add(o)
        arcs |= a
    return outcomes, arcs


def explore_one(name: str, time_limit: float, max_runs: int) -> dict:
    """In this (child) interpreter: smartest with default flags on one entry."""
    sys.path[:0] = _site_dirs()
    import smartest
    from smartest.engine.loop import UNEXPLAINED_DIVERGENCE
    start = time.perf_counter()
    report = smartest.explore(f"{TARGETS}:{name}", run_dir=None, coverage=False, time_limit=time_limit,
                              max_runs=max_runs)
    callees: dict[str, int] = {}
    for c in report.concretizations:
        key = c["callee"] or c["reason"][:40]
        callees[key] = callees.get(key, 0) + c["count"]
    return {"name": name, "complete": report.complete, "stop": report.stop_reason, "runs": report.runs,
            "seconds": round(time.perf_counter() - start, 2), "divergences": report.divergences,
            "unexplained": sum(c["count"] for c in report.concretizations
                               if c["reason"] == UNEXPLAINED_DIVERGENCE),
            "bounded": report.bounded, "callees": callees,
            "inputs": [repr(dict(t.inputs)) for t in report.tests if t.outcome in ("returned", "raised")]}


def _child(name: str, args) -> dict:
    cmd = [sys.executable, os.path.abspath(__file__), "--child", name, "--time-limit", str(args.time_limit),
           "--max-runs", str(args.max_runs)]
    limit = args.time_limit * 4 + 60
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        # Past its own time limit and more: a query or a run the budget did not bound.
        print(f"{name}: still running after {limit:.0f} s, killed", file=sys.stderr, flush=True)
        return {"name": name, "error": f"still running after {limit:.0f} s (time limit {args.time_limit} s)"}
    print(f"{name}: done", file=sys.stderr, flush=True)
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("{")]
    if done.returncode != 0 or not lines:
        return {"name": name, "error": (done.stderr.strip().splitlines() or ["no output"])[-1][:120]}
    return json.loads(lines[-1])


def table(results: list[dict], plain) -> list[dict]:
    rows = []
    for r in results:
        name = r["name"]
        outs, arcs = reachable(plain, name)
        row = {"name": name, **r, "reachable": sorted(outs), "arcs_reachable": len(arcs)}
        if "error" not in r:
            got_o, got_a = set(), set()
            for text in r["inputs"]:
                o, a = _outcome_and_arcs(getattr(plain, name), ast.literal_eval(text))
                got_o.add(o)
                got_a |= a
            row.update(reached=sorted(got_o), missed=sorted(outs - got_o), arcs_reached=len(got_a & arcs),
                       extra=sorted(got_o - outs))
            row["false_complete"] = r["complete"] and bool(outs - got_o or arcs - got_a)
            row["stalled"] = r["stop"] == "stalled"
        rows.append(row)
    return rows


def show(rows: list[dict]) -> None:
    print(f"{'function':14} {'complete':9} {'stop':10} {'runs':>5} {'s':>6} {'outcomes':>8} {'arcs':>6} "
          f"{'diverg':>6} {'unexpl':>6}  missed / escapes")
    for r in rows:
        if "error" in r:
            print(f"{r['name']:14} ERROR {r['error']}")
            continue
        flag = "FALSE" if r["false_complete"] else ("yes" if r["complete"] else "no")
        escapes = ", ".join(sorted(r["callees"], key=lambda k: -r["callees"][k])[:3])
        missed = " ".join(r["missed"])
        print(f"{r['name']:14} {flag:9} {r['stop']:10} {r['runs']:>5} {r['seconds']:>6.1f} "
              f"{len(r['reached']):>3}/{len(r['reachable']):<4} {r['arcs_reached']:>2}/{r['arcs_reachable']:<3} "
              f"{r['divergences']:>6} {r['unexplained']:>6}  {missed}{' | ' if missed and escapes else ''}{escapes}")
    ok = [r for r in rows if "error" not in r]
    print(f"\n{len(rows)} functions: complete {sum(r['complete'] for r in ok)}, "
          f"FALSE complete {sum(r['false_complete'] for r in ok)}, "
          f"all outcomes reached {sum(not r['missed'] for r in ok)}, "
          f"outcomes reached {sum(len(r['reached']) - len(r['extra']) for r in ok)}/"
          f"{sum(len(r['reachable']) for r in ok)}, stalled {sum(r['stalled'] for r in ok)}, "
          f"with unexplained divergences {sum(r['unexplained'] > 0 for r in ok)} "
          f"({sum(r['unexplained'] for r in ok)} runs), errors {len(rows) - len(ok)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--setup", action="store_true")
    ap.add_argument("--child")
    ap.add_argument("--time-limit", type=float, default=30.0)
    ap.add_argument("--max-runs", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="")
    ap.add_argument("--out")
    args = ap.parse_args()
    if args.setup:
        return setup()
    if args.child:
        print(json.dumps(explore_one(args.child, args.time_limit, args.max_runs)))
        return None
    sys.path[:0] = _site_dirs()
    plain = _plain()
    names = [n for n in (args.only.split(",") if args.only else ENTRIES)
             if n not in PACKAGE_ENTRIES or plain.roman is not None]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda n: _child(n, args), names))
    rows = table(results, plain)
    show(rows)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(rows, f, indent=1, default=list)
    return None


if __name__ == "__main__":
    main()
