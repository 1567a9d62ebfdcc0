"""Every strategy and --guided mode against DART, by plain re-execution (issue 12).

A finished search of any strategy must reach every bug and cover every line arc a
finished DART search does, and no strategy may report `complete` without that
(`support.relative`).  A seeded sample of random programs runs in CI; `-m quality`
(run by `python benchmarks/run.py --quality`) runs 500 random programs, 500 annotated
random programs (support.guided_programs: every --guided mode of every strategy), every
corpus program and every benchmark program.  A disagreement that is not fixed yet
is declared in `support.known_gaps.STRATEGY_GAPS` ("<test id> <strategy>/<guided>",
or a pattern such as "random* latest/off" for a family of generated programs), with
its reason; an exact entry must then still disagree (a strict known gap: the list
must shrink when the gap is fixed), and every configuration not declared must agree.
"""
from __future__ import annotations

import fnmatch
import glob
import os

import pytest

import smartest
from support.guided_programs import program as annotated_program
from support.known_gaps import KNOWN_GAPS, STRATEGY_GAPS
from support.oracle import label, load
from support.random_programs import program
from support import relative
from support.relative import Replayed, compare, configurations, instrumented

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = sorted(glob.glob(os.path.join(HERE, "..", "programs", "p[0-9]*.py")))
BENCH = os.path.normpath(os.path.join(HERE, "..", "..", "benchmarks", "programs"))
BENCH_LEN = {"containers_orders", "containers_rpn", "containers_intervals"}   # bounded by --max-len
RANDOM_BOUNDS = {"max_str_len": 3}


def _declared(key: str) -> bool:
    """An exact entry of STRATEGY_GAPS, or a pattern entry (with `*`) that matches."""
    return key in STRATEGY_GAPS or any("*" in k and fnmatch.fnmatchcase(key, k) for k in STRATEGY_GAPS)


def _check(path: str, function: str, bounds: dict, ident: str) -> None:
    annotated = "smartest" in open(path, encoding="utf-8").read()
    found = compare(path, function, configurations(annotated), bounds)
    unexpected = [p for config, problems in found.items() if not _declared(f"{ident} {config}") for p in problems]
    # An exact entry is strict: it must still disagree.  A pattern covers a family.
    fixed = [config for config, problems in found.items() if f"{ident} {config}" in STRATEGY_GAPS and not problems]
    assert not unexpected, "\n".join(unexpected)
    assert not fixed, f"known gaps that now agree with DART (remove them from STRATEGY_GAPS): {fixed}"


def _param(ident: str, *values):
    return pytest.param(*values, id=ident)


def _random(tmp_path, seed: int) -> None:
    family, source = program(seed)
    path = tmp_path / f"rand_{family}_{seed}.py"
    path.write_text(source)
    _check(str(path), "top", RANDOM_BOUNDS, f"random{seed}")


def _seeds(prefix: str, ci: int, total: int):
    """Seeds 0..total-1; the first `ci` run in CI, the rest under `-m quality`."""
    return [pytest.param(s, id=f"{prefix}{s}", marks=() if s < ci else (pytest.mark.quality,)) for s in range(total)]


@pytest.mark.parametrize("seed", _seeds("random", 12, 512))
def test_random_programs(tmp_path, seed):
    _random(tmp_path, seed)


def _annotated(tmp_path, seed: int) -> None:
    """An annotated random program: every strategy under every --guided mode as well."""
    path = tmp_path / f"guided_random_{seed}.py"
    path.write_text(annotated_program(seed))
    _check(str(path), "f", {}, f"guided{seed}")


@pytest.mark.parametrize("seed", _seeds("guided", 4, 500))
def test_annotated_random_programs(tmp_path, seed):
    _annotated(tmp_path, seed)


def _corpus_params():
    for path in CORPUS:
        name = os.path.basename(path)[:-3]
        if name not in KNOWN_GAPS:
            yield _param(name, path)


@pytest.mark.quality
@pytest.mark.parametrize("path", list(_corpus_params()))
def test_corpus_programs(path):
    expected = load(path).EXPECTED
    bounds = {k: expected[k] for k in ("max_str_len", "max_len", "max_depth") if k in expected}
    bounds.setdefault("max_str_len", 4)
    _check(path, expected["function"], bounds, os.path.basename(path)[:-3])


def _bench_params():
    for path in sorted(glob.glob(os.path.join(BENCH, "*.py"))):
        name = os.path.basename(path)[:-3]
        if name.startswith("_"):
            continue
        module = load(path)
        for expected in [module.EXPECTED, *getattr(module, "EXPECTED_VARIANTS", [])]:
            ident = f"{name}.{expected['function']}"
            yield _param(ident, path, expected["function"], name)


@pytest.mark.quality
@pytest.mark.parametrize("path,function,name", list(_bench_params()))
def test_benchmark_programs(path, function, name):
    bounds = {"max_len": 2, "max_str_len": 2} if name in BENCH_LEN else {"max_str_len": 3}
    _check(path, function, bounds, f"{name}.{function}")


# -- a side first run on an input that a later check prunes (annotated random program 6) --
PRUNED = os.path.join(HERE, "targets", "pruned_callee.py")


@pytest.mark.parametrize("strategy", ["demand", "smart"])
def test_a_side_only_pruned_runs_took_gets_an_input_in_the_domain(strategy):
    """demand (4 runs) and SMART (7) ended `complete` with `x == 1` of `step` run only
    on inputs the verified check of `settle` prunes; `x=1, y=-3` is in the domain.
    Every input is re-run plainly; a pruned one is not a test."""
    module = load(PRUNED)
    report = smartest.explore(f"{PRUNED}:f", strategy=strategy, run_dir=None, deepen=False, coverage=False,
                              max_runs=400, time_limit=600)
    tests = [dict(t.inputs) for t in report.tests if t.outcome in ("returned", "raised")]
    assert any(t["x"] == 1 and label(module, "f", t) == "return -3" for t in tests), tests
    assert not compare(PRUNED, "f", [(strategy, "off")], {})[f"{strategy}/off"]


# -- two --guided modes that compile a program to the same code run one search --
def _tests_of(path: str, strategy: str, guided: str) -> list:
    report = smartest.explore(f"{path}:f", strategy=strategy, guided=guided, run_dir=None, deepen=False,
                              coverage=False, max_runs=200, time_limit=600)
    return [(dict(t.inputs), t.outcome) for t in report.tests]


@pytest.mark.parametrize("strategy,modes", [("dart", ("off", "must")), ("smart", ("may", "may-must"))])
def test_modes_with_the_same_code_explore_the_same_inputs(tmp_path, strategy, modes):
    """On annotated program 10 `must` places nothing (its code is `off`'s) and
    `may-must` only `may`'s assumes, so each pair explores the same inputs in the same
    order: what lets `compare` check both on one search."""
    path = tmp_path / "guided_random_10.py"
    path.write_text(annotated_program(10))
    first, second = modes
    assert instrumented(str(path), first) == instrumented(str(path), second)
    assert instrumented(str(path), "off") != instrumented(str(path), "may")
    assert _tests_of(str(path), strategy, first) == _tests_of(str(path), strategy, second)


def test_compare_explores_each_strategy_and_code_once(tmp_path, monkeypatch):
    """Every strategy's 4 configurations (DART's 3: it is the reference with guidance
    off) are 2 searches each on such a program; each is still checked."""
    from smartest.strategies import STRATEGIES
    path = tmp_path / "guided_random_10.py"
    path.write_text(annotated_program(10))
    explored = []

    def fake(path, function, strategy, guided, bounds):
        explored.append(f"{strategy}/{guided}")
        return Replayed(finished=True, stop="exhausted")

    monkeypatch.setattr(relative, "replay", fake)
    shared: dict = {}
    found = relative.compare(str(path), "f", configurations(True), {}, shared=shared)
    assert len(found) == 4 * len(STRATEGIES) - 1 and not any(found.values())
    assert sorted(explored) == sorted(f"{s}/{g}" for s in STRATEGIES for g in ("off", "may")), explored
    assert shared == {**{f"{s}/must": f"{s}/off" for s in STRATEGIES},
                      **{f"{s}/may-must": f"{s}/may" for s in STRATEGIES}}
