"""Differential test of guided pruning on random annotated programs: whatever the
unguided exploration (PV) finds, every guided configuration finds too.

Each program mixes assumptions, checks with every kind of supposition, plain
asserts, `raise AssertionError`, early returns, branches, bounded loops,
try/except and `with` blocks that swallow a failed check, calls to helpers and
methods that carry their own annotations, helpers called back by `map`, nested
functions, and assignments to the inputs.  When both explorations are complete, the set
of assertion messages that plain re-execution reproduces must not shrink under
MAY, MUST or MAY x MUST: a smaller set would be a bug of the abstraction, the
inference, the caller check or the tryfirst wrapper.  A few seeds run in the
default suite; `-m quality` runs many.
"""
from __future__ import annotations

import ast

import pytest

import smartest
from support.guided_programs import program
from support.oracle import load


def _found(report, module) -> set[str]:
    out = set()
    for t in report.tests:
        if t.outcome == "raised":
            try:
                module.f(**t.inputs)
            except AssertionError as e:
                out.add(str(e))
    return out


def _check_seed(tmp_path, seed: int) -> str:
    source = program(seed)
    path = tmp_path / f"guided_random_{seed}.py"
    path.write_text(source)
    module = load(str(path))
    results = {}
    for configuration in ("off", "may", "must", "may-must"):
        report = smartest.explore(f"{path}:f", run_dir=None, deepen=False, coverage=False, guided=configuration,
                                  max_runs=400, time_limit=600)
        if not report.complete:
            return "incomplete"
        results[configuration] = _found(report, module)
    for configuration in ("may", "must", "may-must"):
        assert results["off"] <= results[configuration], (configuration, results, source)
    return "checked"


@pytest.mark.parametrize("seed", range(8))
def test_guided_configurations_find_what_pv_finds(tmp_path, seed):
    _check_seed(tmp_path, seed)


@pytest.mark.quality
def test_guided_configurations_find_what_pv_finds_on_many_programs(tmp_path):
    outcomes = [_check_seed(tmp_path, seed) for seed in range(100, 250)]
    assert outcomes.count("checked") >= 100


def test_every_generated_loop_is_bounded():
    """A `while` of a generated program counts with a variable nothing inside it
    resets: with one `_n` for every depth, an inner loop's `_n = 0` restarted the
    outer loop forever (program 31 ran every input with x > 5 to its time-out)."""
    for seed in range(500):
        for loop in ast.walk(ast.parse(program(seed))):
            if isinstance(loop, ast.While):
                counter = loop.test.values[0].left.id
                resets = [n for n in ast.walk(loop) if isinstance(n, ast.Assign)
                          and any(isinstance(t, ast.Name) and t.id == counter for t in n.targets)]
                assert not resets, (seed, counter, ast.unparse(loop))
