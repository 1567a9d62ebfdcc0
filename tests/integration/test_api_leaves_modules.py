"""A library caller's modules after `smartest.explore`: as they were before.

Exploring installs smartest's models into the target's modules (stand-ins for `int`
and `type`, modelled modules, patterns, rewritten code); the CLI does that in a child
process, the API in the caller's.  After the call, the caller's `type(x) is int` must
mean what it meant."""
import math
import os
import re
import sys

import smartest

TARGET = os.path.join(os.path.dirname(__file__), "targets", "untouched.py")


def _module():
    here = os.path.realpath(TARGET)
    return next(m for m in list(sys.modules.values())
                if os.path.realpath(getattr(m, "__file__", "") or "") == here)


def _state(module):
    functions = [v for v in vars(module).values() if callable(v) and getattr(v, "__module__", "") == module.__name__]
    codes = {f.__qualname__: f.__code__ for f in functions if hasattr(f, "__code__")}
    codes.update({f"Checker.{k}": v.__code__ for k, v in vars(module.Checker).items() if hasattr(v, "__code__")})
    return dict(vars(module)), dict(vars(module.Checker)), codes


def _clean(module):
    """Nothing of smartest's left in the module (each check fails on the old API)."""
    names = set(vars(module)) | set(vars(module.Checker))
    assert not {n for n in names if "smartest" in n}
    assert "int" not in vars(module) and "type" not in vars(module) and module.math is math
    assert type(module.WORD) is type(module.Checker.DIGITS) is re.Pattern
    assert not [n for n in module.classify.__code__.co_names if "smartest" in n]
    assert type(5) is int and module.classify("ab9", 0) == "other" and module.classify("99", 3) == "bigger"


def test_an_exploration_through_the_api_leaves_the_targets_module_as_it_was():
    report = smartest.explore(f"{TARGET}:classify", max_runs=40, run_dir=None, coverage=False)
    outcomes = {module_result for module_result in (t.outcome for t in report.tests)}
    module = _module()
    _clean(module)
    before = _state(module)
    # A second exploration installs again (the first took everything out) and finds as much.
    again = smartest.explore(f"{TARGET}:classify", max_runs=40, run_dir=None, coverage=False)
    assert _state(module) == before
    _clean(module)
    assert len(report.tests) == len(again.tests) and len(report.tests) >= 4, outcomes
