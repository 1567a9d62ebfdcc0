"""One conformance suite for every registered strategy (as Hypothesis's provider
conformance tests are for backends): it loads by name, builds a searcher and a call
policy that keep the two protocols, declares well-formed settings, and explores a
program with calls to helper functions to the same outcomes DART reaches, checked by
re-running the generated inputs on the plain function."""
import dataclasses
import os

import pytest

from smartest import explore
from smartest.api import check_options
from smartest.engine.target import resolve
from smartest.errors import InvalidArgument
from smartest.options import Options
from smartest.solver import build_solver_chain
from smartest.strategies import STRATEGIES
from smartest.strategies.settings import flagged, typed
from tests.support.oracle import label, load

PROGRAM = os.path.join(os.path.dirname(__file__), "..", "programs", "p15_helper_twice.py")


def _outcomes(report) -> set:
    """Outcome labels of the report's inputs, by plain re-execution."""
    module = load(PROGRAM)
    return {label(module, "trend", dict(t.inputs)) for t in report.tests}


@pytest.fixture(scope="module")
def dart_outcomes():
    report = explore(f"{PROGRAM}:trend", strategy="dart", max_runs=200, run_dir=None, coverage=False)
    assert report.complete
    return _outcomes(report)


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_strategy_loads_and_keeps_the_protocols(name):
    strategy = STRATEGIES[name]
    module = strategy.load()
    assert callable(module.build) and module.__doc__, name
    options = check_options(Options(strategy=name, run_dir=None))
    solver, _ = build_solver_chain(timeout_ms=1000, max_str_len=4)
    searcher, policy = strategy.build(options, solver, resolve(f"{PROGRAM}:trend", "int"))
    for method in ("select", "update", "rejected"):
        assert callable(getattr(searcher, method)), (name, method)
    for method in ("intercepts", "begin_run", "on_call", "end_run"):
        assert callable(getattr(policy, method)), (name, method)


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_settings_are_declared_well(name):
    settings_type = STRATEGIES[name].settings_type()
    if settings_type is None:
        with pytest.raises(InvalidArgument):
            typed(name, None, {"anything": 1})
        return
    defaults = settings_type()
    assert dataclasses.is_dataclass(defaults)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(defaults, dataclasses.fields(settings_type)[0].name, None)
    for f in flagged(settings_type):
        assert f.metadata["help"] and f.metadata["kind"] in (int, str, bool), (name, f.name)
    with pytest.raises(InvalidArgument, match="unknown setting"):
        typed(name, settings_type, {"no_such_setting": 1})
    assert typed(name, settings_type, None) == defaults


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_strategy_reaches_what_dart_reaches(name, dart_outcomes):
    report = explore(f"{PROGRAM}:trend", strategy=name, max_runs=400, run_dir=None, coverage=False)
    reached = _outcomes(report)
    assert dart_outcomes <= reached, (name, dart_outcomes - reached)
    assert reached == set(load(PROGRAM).EXPECTED["reach"]) and report.complete, name


def test_unknown_strategy_is_a_clear_error():
    with pytest.raises(InvalidArgument, match="unknown strategy 'nope'"):
        explore(f"{PROGRAM}:trend", strategy="nope", run_dir=None, coverage=False)
