"""Differential test of Theorem 2 on random programs: on multi-function programs
with finitely many paths, SMART's complete search reaches exactly the exceptions
DART's does, and every bug it reports reproduces by plain re-execution.  A few
seeds run by default; `-m quality` runs many more."""
from __future__ import annotations

import pytest

import smartest
from support.oracle import label, load
from support.random_programs import int_program, str_program

FAMILIES = {"int": int_program, "str": str_program}


def _agree(tmp_path, family: str, seed: int) -> None:
    path = tmp_path / f"rand_{family}_{seed}.py"
    path.write_text(FAMILIES[family](seed))
    module = load(str(path))
    seen = {}
    for strategy in ("dart", "smart"):
        report = smartest.explore(f"{path}:top", strategy=strategy, run_dir=None, deepen=False, coverage=False, max_str_len=3,
                                  max_runs=3000, time_limit=60)
        assert report.complete_under_bounds, (strategy, report.concretizations, path.read_text())
        outcomes = set()
        for t in report.tests:
            if t.outcome in ("returned", "raised"):
                lab = label(module, "top", dict(t.inputs))
                assert t.bug == lab.startswith("bug "), (strategy, t)
                if not lab.startswith("return "):
                    outcomes.add(lab)
        seen[strategy] = outcomes
    assert seen["smart"] == seen["dart"], path.read_text()


@pytest.mark.parametrize("family,seed", [(f, s) for f in FAMILIES for s in range(3)])
def test_smart_agrees_with_dart_on_random_programs(tmp_path, family, seed):
    _agree(tmp_path, family, seed)


@pytest.mark.quality
@pytest.mark.parametrize("family,seed", [(f, s) for f in FAMILIES for s in range(3, 80)])
def test_smart_agrees_with_dart_on_many_random_programs(tmp_path, family, seed):
    _agree(tmp_path, family, seed)
