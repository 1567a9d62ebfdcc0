"""Defects a field trial on packages from the index found (notes/s7-trial.md), each
reduced to the smallest target that shows it; generated inputs are re-run plainly."""
import json
import os
import re
import subprocess
import sys

import pytest

import smartest
from smartest import explore
from smartest.symbolic.recipes import materialize
from targets import trial_targets as tt

TARGETS = os.path.join(os.path.dirname(__file__), "targets", "trial_targets.py")


def _explore(fn, **options):
    """Explore a function of the targets file by its path (not the function object)."""
    return explore(f"{TARGETS}:{fn.__name__}", run_dir=None, coverage=False, **options)


def _plain_outcomes(fn, report) -> set:
    """What the plain function does on each generated input: its value, or the name of
    the exception it raises."""
    out = set()
    for t in report.tests:
        try:
            out.add(fn(**t.inputs))
        except Exception as e:
            out.add(type(e).__name__)
    return out


def test_a_symbolic_bool_compared_by_identity_with_true_is_its_value():
    report = _explore(tt.strict_flag, max_runs=20)
    assert sorted(tt.strict_flag(**t.inputs) for t in report.tests) == [0, 1]
    assert report.complete


def test_a_bool_or_str_flag_told_apart_by_identity_runs_as_the_plain_function():
    report = _explore(tt.resolve_terminal, max_runs=60, max_str_len=3)
    plain = {tt.resolve_terminal(**t.inputs) for t in report.tests}
    assert {"off", "xterm", "empty", "unknown"} <= plain
    for t in report.tests:
        assert t.outcome == "returned" and t.returned == tt.resolve_terminal(**t.inputs), t.inputs


def test_a_killed_exploration_s_tests_are_run_again_plainly(tmp_path):
    """The exploration dies (SIGSEGV) after a run where a proxy raised what the plain
    function does not: the emitted file must not expect that ValueError."""
    src = os.path.dirname(os.path.dirname(smartest.__file__))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([src, os.environ.get("PYTHONPATH", "")]))
    p = subprocess.run([sys.executable, "-m", "smartest", "explore", f"{TARGETS}:flag_then_crash", "--json", "r.json",
                        "--emit-tests", "test_gen.py"], capture_output=True, text=True, cwd=tmp_path, env=env,
                       timeout=300)
    assert "killed the process with SIGSEGV" in p.stdout, p.stdout + p.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    for t in report["tests"]:
        if t["outcome"] in ("returned", "raised"):
            assert t["outcome"] == "returned" and t["returned"] == tt.flag_then_crash(**t["inputs"]), t
    assert any(t["inputs"]["flag"] for t in report["tests"]), "the flag's true side was never run"
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA", "test_gen.py"],
                         capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)
    failed = [line for line in run.stdout.splitlines() if line.startswith("FAILED")]
    assert len(failed) == 1 and "bug_SIGSEGV" in failed[0], run.stdout


@pytest.mark.parametrize("by", ["folder", "import name"])
def test_a_package_s_api_re_exported_from_a_private_module_is_explored(tmp_path, monkeypatch, by):
    """nameparser's shape: `parse` and `HumanName` live in `_facade.py`, which is never
    listed; the package's `__init__` (and a public module too) re-export them."""
    from smartest.project.discover import discover
    pkg = tmp_path / "facade_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from ._impl import Name, parse\nfrom ._impl import _hidden\n"
                                     "__all__ = ['Name', 'parse']\n")
    (pkg / "_impl.py").write_text("def parse(s: str) -> int:\n    return 1 if s == 'x' else 0\n\n\n"
                                  "def _hidden(s: str) -> str:\n    return s\n\n\n"
                                  "class Name:\n    def first(self, s: str) -> str:\n        return s[:1]\n")
    (pkg / "api.py").write_text("import json\nfrom ._impl import parse\n\n\ndef own(x: int) -> int:\n    return -x\n")
    if by == "folder":
        monkeypatch.chdir(tmp_path)
    else:
        (tmp_path / "elsewhere").mkdir()
        monkeypatch.chdir(tmp_path / "elsewhere")
        monkeypatch.syspath_prepend(str(tmp_path))
    try:
        units = discover("facade_pkg")
    finally:
        for key in [k for k in sys.modules if k == "facade_pkg" or k.startswith("facade_pkg.")]:
            del sys.modules[key]
    assert sorted(u.name for u in units) == ["facade_pkg.api:own", "facade_pkg:Name.first", "facade_pkg:parse"]


def test_a_record_s_method_takes_its_fields_as_inputs_not_the_defaults():
    """wcwidth's `TextSizingParams.make_sequence` was `complete` on `TextSizingParams()`
    alone: one path of four."""
    report = explore(f"{TARGETS}:SizeParams.make_sequence", run_dir=None, coverage=False, max_runs=20)
    plain = [materialize(t.inputs["self"]).make_sequence() for t in report.tests]
    assert plain == [t.returned for t in report.tests]
    assert {re.sub(r"-?[0-9]+", "N", p) for p in plain} == {"", "s=N", "w=N", "s=N:w=N"}
    assert report.complete and report.paths == 4


def test_operator_index_keeps_an_int_s_term():
    report = _explore(tt.clamp_width, max_runs=20)
    assert sorted(tt.clamp_width(**t.inputs) for t in report.tests) == [1, 1, 2]
    assert report.complete and not report.concretizations


def test_a_plain_str_s_method_in_a_variable_gets_its_model():
    report = _explore(tt.digit_of, max_runs=30, max_str_len=2)
    assert _plain_outcomes(tt.digit_of, report) == {1, 2, "ValueError"}
    assert not report.concretizations


def test_str_isprintable_is_followed():
    report = _explore(tt.printable_fast_path, max_runs=20, max_str_len=3)
    assert sorted({tt.printable_fast_path(**t.inputs) for t in report.tests}) == [1, 2]
    assert report.complete and not report.concretizations


def test_a_symbolic_index_into_a_plain_table_is_followed():
    """main: complete after 1 path, IndexError only (a false complete)."""
    report = _explore(tt.table_lookup, max_runs=20)
    assert _plain_outcomes(tt.table_lookup, report) == {0, 1, "IndexError"}
    assert report.complete


def test_a_store_at_a_symbolic_index_of_a_plain_list_is_recorded():
    report = _explore(tt.swap_in_place, max_runs=20)
    assert not report.complete
    assert any("stored into" in c["reason"] for c in report.concretizations)


def test_an_lru_cached_function_of_the_target_starts_every_run_empty():
    report = _explore(tt.cached_then_branch, max_runs=20)
    assert sorted({tt.cached_then_branch(**t.inputs) for t in report.tests}) == [0, 1, 2]
    assert report.complete and not report.concretizations
