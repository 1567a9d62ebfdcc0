"""LATEST (lazy expansion) on the papers' benchmarks.  Nothing here trusts the
engine: every generated input is re-run on the plain function (`support.oracle`)."""
from __future__ import annotations

import os

import pytest

import smartest
from smartest.cli import main
from support.oracle import label, load
from support.random_programs import program
from support.relative import compare

BENCH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "benchmarks", "programs")
# The paper's lazy search alone, then the engine's fallback (no DART half taking turns):
# the tests of its own iteration counts and of its end.
LAZY_ONLY = {"interleave": False}


def _explore(name: str, function: str, n: int, **kw):
    path = os.path.join(BENCH, f"{name}.py")
    runs_at = []

    class Index:
        def on_test(self, test, stats):
            runs_at.append(stats.runs)

    kw.setdefault("max_runs", 2000)
    kw.setdefault("time_limit", 3600)   # counts decide; the default 60 s cut strcmp_testme at load 10
    report = smartest.explore(f"{path}:{function}", strategy="latest", run_dir=None, deepen=False, coverage=False,
                              max_str_len=n, handlers=[Index()], **kw)
    return load(path), report, runs_at


def _labels(module, function, report):
    return [label(module, function, dict(t.inputs)) for t in report.tests]


def test_side_effect_label_L_is_never_reported():
    # foo writes a global: by default it runs inline (never abstracted) ...
    _, plain, _ = _explore("side_effect", "main", 4)
    assert plain.extra["latest"]["abstract_paths"] == 0 and plain.complete and not plain.bugs
    assert "side_effect.foo" in " ".join(plain.extra["latest"]["not_abstracted"])
    # ... and named with --abstract, as in the paper's Figure 6, it is abstracted:
    module, report, _ = _explore("side_effect", "main", 4, settings={"abstract": ("side_effect:foo",), **LAZY_ONLY})
    # The abstract path through L (foo's result == 0 with the global still 0) exists,
    # and cannot be concretized: expanding foo sets the global, and the re-executed
    # path turns away from L on a concrete test.  The third abstract path, foo
    # raising, is refuted: no path of foo raises.
    latest = report.extra["latest"]
    assert latest["abstract_paths"] == 3 and latest["refuted"] == 2
    assert report.complete_under_bounds and not report.bugs
    assert all(not lab.startswith("bug") for lab in _labels(module, "main", report))


def test_strcmp_testme_reaches_its_three_paths_and_the_error_with_few_iterations():
    module, report, runs_at = _explore("strcmp_testme", "testme", 14, settings=LAZY_ONLY)
    paths = {}
    for test, run in zip(report.tests, runs_at):
        t1 = module.my_strcmp(test.inputs["s1"], module.CONST1) == 0
        t2 = t1 and module.my_strcmp(test.inputs["s2"], module.CONST2) == 0
        paths.setdefault((t1, t2), run)
    assert set(paths) == {(False, False), (True, False), (True, True)}
    # 3 paths, and one where each strcmp call raises (refuted: strcmp never raises)
    assert report.complete_under_bounds and report.extra["latest"]["abstract_paths"] == 5
    # DART needs 600-odd runs to reach the error at this size (the paper: 720 paths
    # for plain concolic testing, 113 iterations for LATEST).
    # Refuting the two raising paths (strcmp never raises) costs about 20 runs more.
    # Then, before `complete`, the engine's fallback negates every branch of the real
    # runs (DART's search, minus what the lazy one ran): most of the total.
    own = report.runs - report.fallback_runs
    assert max(paths.values()) <= 120 and own <= 150 < report.fallback_runs
    assert "LATEST" in report.fallback_why
    assert [label(module, "testme", dict(t.inputs)) for t in report.bugs] == ["bug AssertionError"]


@pytest.mark.parametrize("n", [4, 8])
def test_locate_top_covers_its_three_paths_in_a_number_of_runs_independent_of_n(n):
    module, report, runs_at = _explore("locate_top", "top", n, settings=LAZY_ONLY)
    first = {}
    for test, run in zip(report.tests, runs_at):
        first.setdefault(module.top(test.inputs["s"]), run)
    assert set(first) == {-1, 0, 1}
    assert max(first.values()) <= 10            # the paper: 10 iterations, for any n
    assert report.complete_under_bounds and report.stop_reason == "exhausted"
    # 4 of them need an index locate never returns, 1 that locate raises
    assert report.extra["latest"]["abstract_paths"] == 8


# (file, entry point, n): LATEST must report the bug DART reports, and nothing else.
BUGS = [("obscure", "obscure", 4), ("abs_testabs", "test_abs", 4), ("deposit", "deposit_test", 4),
        ("cube_fig6", "test", 4), ("unsound_fig3", "test", 4), ("mixed_fig1", "test", 4),
        ("locate_twice", "top_same_buffer", 4), ("containers_orders", "process", 2)]


@pytest.mark.parametrize("name,function,n", BUGS, ids=[f"{b[0]}.{b[1]}" for b in BUGS])
def test_latest_reports_exactly_the_reproducible_bugs(name, function, n):
    module, report, _ = _explore(name, function, n, time_limit=20)
    expected = next(e for e in [module.EXPECTED, *getattr(module, "EXPECTED_VARIANTS", [])]
                    if e["function"] == function)
    labels = _labels(module, function, report)
    reported = {lab for t, lab in zip(report.tests, labels) if t.bug}
    assert all(lab.startswith("bug ") for lab in reported)          # every reported bug reproduces
    assert {i for i, lab in enumerate(labels) if lab.startswith("bug ")} == {t.index for t in report.bugs}
    assert bool(reported) == (expected["bug"] is not None)


def test_memoized_expansions_save_runs():
    _, with_memo, _ = _explore("strcmp_testme", "testme", 14, settings=LAZY_ONLY)
    _, without, _ = _explore("strcmp_testme", "testme", 14, settings={"memo": False, **LAZY_ONLY})
    assert with_memo.extra["latest"]["memo_tried"] > 0 and without.extra["latest"]["memo_tried"] == 0
    assert with_memo.runs - with_memo.fallback_runs < without.runs - without.fallback_runs
    assert len({repr(t.inputs) for t in with_memo.bugs}) == len({repr(t.inputs) for t in without.bugs}) == 1


def test_lexer_abstracted_calculator_generates_valid_inputs():
    lexer = [f"calc:{f}" for f in ("is_digit", "is_space", "skip_space", "next_token", "number_end", "number_value")]
    module, report, _ = _explore("calc", "calc_ops1", 5, max_runs=260, settings={"abstract": lexer})
    valid = {t.inputs["s"] for t in report.tests if label(module, "calc_ops1", dict(t.inputs)).startswith("return")}
    assert len(valid) >= 3
    assert not report.bugs


def test_cli_abstract_option(tmp_path, capsys):
    target = os.path.join(BENCH, "calc.py") + ":calc_ops1"
    code = main(["explore", target, "--strategy", "latest", "--abstract", "calc:next_token", "--max-str-len", "3",
                 "--max-runs", "60", "--no-run-dir", "--no-isolate", "--no-coverage", "--quiet"])
    assert code == 0
    assert main(["explore", target, "--strategy", "latest", "--abstract", "calc:nope", "--no-run-dir", "--no-isolate"]) == 2
    assert main(["explore", target, "--abstract", "calc:next_token", "--no-run-dir", "--no-isolate"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("smartest: error:") for line in err)


TARGETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "targets", "lazy_raises.py")


@pytest.mark.parametrize("function", ["top", "pair_top"])
def test_a_complete_latest_search_triggers_every_bug_dart_triggers(function):
    """Issue 12: LATEST said `complete` and missed a bug DART finds, (1) when the bug
    is an exception raised inside an abstracted callee (an abstracted call only
    returned, so no abstract path left the caller by an exception), (2) when a
    callee's result is a tuple (no term to stitch, every abstract path refuted).
    Both searches run to exhaustion; every input is re-run on the plain function."""
    module = load(TARGETS)
    found = {}
    for strategy in ("dart", "latest"):
        report = smartest.explore(f"{TARGETS}:{function}", strategy=strategy, run_dir=None, coverage=False,
                                  max_str_len=3, max_runs=300)
        assert report.stop_reason == "exhausted"
        found[strategy] = {label(module, function, dict(t.inputs)) for t in report.tests}
        if strategy == "latest":
            assert report.complete
    assert {lab for lab in found["dart"] if lab.startswith("bug ")}        # DART finds it ...
    assert found["dart"] <= found["latest"]                                 # ... and LATEST every outcome DART has


UNNEEDED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "targets", "lazy_unneeded.py")


def test_a_callee_side_no_abstract_path_needs_is_run_before_complete():
    """Issue 12: `cap`'s capitalizing side ran only in abstract runs, and LATEST
    reported `complete` after 26 runs without a test taking it.  Its frontier first,
    then the engine's fallback (DART's negation, every call expanded) runs it."""
    module = load(UNNEEDED)
    report = smartest.explore(f"{UNNEEDED}:top", strategy="latest", run_dir=None, deepen=False, coverage=False,
                              max_str_len=3, max_runs=300, settings=LAZY_ONLY)
    assert report.complete_under_bounds and report.stop_reason == "exhausted"
    assert any(module.cap(t.inputs["s"]) != t.inputs["s"] for t in report.tests)   # plain re-execution
    assert report.fallback_runs > 0 and "LATEST" in report.fallback_why
    # The lazy search came first: its own runs are those of the run without the fallback.
    assert report.extra["latest"]["abstract_paths"] > 0


# Random programs (tests/support/random_programs.py) on which LATEST reported
# `complete` without line arcs (and, seed 40, a bug) a finished DART search reached;
# on seed 71 every abstract path was refuted and not one real run was made.
LATEST_SEEDS = [23, 26, 31, 32, 36, 40, 71]


@pytest.mark.parametrize("seed", LATEST_SEEDS)
def test_latest_reaches_what_dart_reaches_on_random_programs(tmp_path, seed):
    family, source = program(seed)
    path = tmp_path / f"rand_{family}_{seed}.py"
    path.write_text(source)
    found = compare(str(path), "top", [("latest", "off")], {"max_str_len": 3})
    assert not found["latest/off"], found


@pytest.mark.parametrize("name,function", [("calc_divzero", "calc"), ("pl0_calls", "parse")])
def test_latest_finishes_where_dart_finishes_and_reaches_its_bugs(name, function):
    """Issue 12: on calc_divzero.calc (n = 3) DART finishes in 52 runs with the
    division by zero; the lazy search alone made 400 runs without the bug or an end
    (it refutes abstract paths by enumerating callees, and the solver turns most of
    its guesses down), and so on PL/0 (pl0.parse: DART 90 runs).  DART's depth-first search of
    the real runs now takes turns with it (interleave.py): the search ends when
    DART's frontier is empty, with every bug DART's inputs trigger.  On pl0_calls a
    run of the lazy half left its guessed path, which made the whole search incomplete
    (it stalled after DART's end); such guesses are not DART's divergences."""
    path = os.path.join(BENCH, f"{name}.py")
    module = load(path)
    labels, runs = {}, {}
    for strategy in ("dart", "latest"):
        report = smartest.explore(f"{path}:{function}", strategy=strategy, run_dir=None, deepen=False,
                                  coverage=False, max_str_len=3, max_runs=400)
        assert report.stop_reason == "exhausted" and report.complete_under_bounds
        labels[strategy] = {label(module, function, dict(t.inputs)) for t in report.tests}
        runs[strategy] = report.runs
    latest = report.extra["latest"]
    assert {lab for lab in labels["dart"] if lab.startswith("bug ")} <= labels["latest"]
    # Strict turns (interleave.py): DART's k-th run is run 2k at most; one lazy run
    # more may come before DART's half finds its last sides unsatisfiable.
    assert runs["latest"] <= 2 * runs["dart"] + 1
    assert latest["ended_by"] == "dart" and latest["dart_runs"] > 0 and latest["lazy_runs"] > 0


def test_darts_half_of_latest_runs_darts_search():
    """DART's half of LATEST (interleave.py) runs every call inline, as DART does.
    With the lazy policy's formals (`i#0.3 == 2`, an assumption per expanded call),
    each of hwm's contains_at calls added branches on them (65 where DART's path has
    20), and their negations were turned down by the solver: at n = 3, 2,951 refusals
    in DART's 202 runs, against DART's own 681."""
    path = os.path.join(BENCH, "hwm.py")
    dart = smartest.explore(f"{path}:hwm", strategy="dart", run_dir=None, deepen=False, coverage=False,
                            max_str_len=2, max_runs=400)
    latest = smartest.explore(f"{path}:hwm", strategy="latest", run_dir=None, deepen=False, coverage=False,
                              max_str_len=2, max_runs=400)
    assert dart.stop_reason == latest.stop_reason == "exhausted" and latest.complete_under_bounds
    half = latest.extra["latest"]
    assert half["dart_runs"] == dart.runs and half["dart_rejected"] == dart.solver["queries"] - dart.solver["sat"]


def test_the_all_at_once_choice_is_not_retried_on_an_abstract_path_it_failed():
    """The all-at-once choice (known paths for every pending call, solver queries, no
    run) was asked again at every step of an abstract path's concretization: on
    calc.calc (n = 3, 400 runs) 168 of 175 choices failed over 9 abstract paths, 1,550
    of the search's 2,283 queries.  Now one failure per abstract path."""
    module, report, _ = _explore("calc", "calc", 3, max_runs=150, settings=LAZY_ONLY)
    latest = report.extra["latest"]
    assert 0 < latest["choices_failed"] <= latest["abstract_paths"]
    assert not report.bugs and all(not lab.startswith("bug") for lab in _labels(module, "calc", report))
