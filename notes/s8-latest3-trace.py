"""Trace where the PL/0 runs go: per run, which half, which abstract path (target) the lazy half
is concretizing, and per target: runs, queries, outcome, the token symbols of the abstract path.
usage: trace.py WORKTREE STRATEGY(latest|latest/lazy) N RUNS [settings-json]"""
import json, os, sys
wt, strategy, n, runs = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
extra = json.loads(sys.argv[5]) if len(sys.argv) > 5 else {}
sys.path.insert(0, os.path.join(wt, "src")); sys.path.insert(0, os.path.join(wt, "tests")); sys.path.insert(0, os.path.join(wt, "benchmarks"))
import smartest
from smartest.strategies.latest import searcher as S, interleave as I
from smartest.strategies.latest.policy import ROOT, is_alpha
import lazy as L
from support.oracle import load
mod = load(os.path.join(wt, "benchmarks/programs/pl0.py"))
NAMES = "NUL EOF id num := ; = < + - * / ( ) . begin end if then while do".split()
state = {"runs": 0, "target": None, "half": None}
targets = []
log = []
qs = {"stats": None}

def describe(view):
    # the symbols next_token's abstract results take on this path (eq constraints, taken)
    syms = []
    alphas = {}
    for c in view.calls:
        if c.mode == "abstract" and c.qualname.endswith("next_token"):
            t = getattr(c.result, "term", None)
            if t is not None: alphas[t] = len(alphas)
    val = {}
    for p in view.owned(ROOT):
        b = view.path[p]
        for v in b.term.free:
            if v in alphas and b.constraint.op == "eq":
                a, c = b.constraint.args
                k = c if c.op == "const" else a
                if k.op == "const": val[alphas[v]] = NAMES[k.value] if 0 <= k.value < len(NAMES) else k.value
    return " ".join(str(val.get(i, "?")) for i in range(len(alphas)))

orig = S.LatestSearcher._concretize
def wrapped(self, target):
    if qs["stats"] is None: qs["stats"] = getattr(self.concretizer.solver, "stats", None)
    rec = {"desc": describe(target), "start": state["runs"], "q0": qs["stats"].queries if qs["stats"] else 0,
           "n": len(targets)}
    targets.append(rec); state["target"] = rec["n"]
    c0, r0 = self.stats.concretized, self.stats.refuted
    yield from orig(self, target)
    rec["end"] = state["runs"]; rec["q1"] = qs["stats"].queries if qs["stats"] else 0
    rec["out"] = "concretized" if self.stats.concretized > c0 else "refuted"
    state["target"] = None
S.LatestSearcher._concretize = wrapped

oupd = I.InterleavedLatest.update
def upd(self, run):
    state["runs"] += 1
    log.append((state["runs"], self._last, state["target"], not run.notes.abstract))
    return oupd(self, run)
I.InterleavedLatest.update = upd
supd = S.LatestSearcher.update
def supd2(self, run):
    if not isinstance(getattr(self, "_wrapper_marker", None), int) and strategy == "latest/lazy":
        state["runs"] += 1
        log.append((state["runs"], "lazy", state["target"], not run.notes.abstract))
    return supd2.orig(self, run)
supd2.orig = supd
S.LatestSearcher.update = supd2
from smartest.solver import chain as CH
ob = CH.build_solver_chain
def bsc(*a, **k):
    r = ob(*a, **k)
    if qs["stats"] is None: qs["stats"] = getattr(r[0], "stats", None) or k.get("stats")
    return r
CH.build_solver_chain = bsc
if os.environ.get("NOFACTS"): S.LatestSearcher._unfit = lambda self, view: False
settings = {"abstract": tuple(f"pl0:{f}" for f in L.PL0_LEXER), **extra}
if strategy == "latest/lazy": settings["interleave"] = False
rep = smartest.explore(f"{wt}/benchmarks/programs/pl0.py:parse_tokens7", run_dir=None, strategy="latest",
                       max_str_len=n, max_runs=runs, time_limit=100000, settings=settings, deepen=False)
valid = [t.inputs["s"] for t in rep.tests if L._valid(mod, "parse_tokens7", t.inputs["s"])]
print("runs", rep.runs, "queries", rep.solver["queries"], "valid", len(set(valid)), sorted(set(valid)))
print("stats", {k: v for k, v in rep.extra.items()})
for r in targets:
    print(f"T{r['n']:4} runs {r['start']:5}-{r.get('end','...'):>5} q {r.get('q1', 0) - r['q0']:6} {r.get('out','UNFINISHED'):11} {r['desc']}")
from collections import Counter
print(Counter((h, t is not None, real) for _, h, t, real in log))
