"""Defects a field trial on packages from the index found (notes/field-trial.md), each
reduced to the smallest target that shows it."""
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from smartest import explore
from smartest.cli import main
from smartest.engine.documented import documented_raises
from smartest.engine.isolation import take_user_interrupt, user_interrupt
from targets import field_trial_targets as ft

TARGETS = os.path.join(os.path.dirname(__file__), "targets", "field_trial_targets.py")


def _explore(fn, **options):
    """Explore a function of the targets file by its path (not the function object)."""
    return explore(f"{TARGETS}:{fn.__name__}", **options)


def _outcomes(report, fn):
    """(inputs that raise ValueError when run plainly, which of them smartest calls bugs)."""
    raising, bugs = [], []
    for t in report.tests:
        try:
            fn(**t.inputs)
        except ValueError:
            raising.append(t.inputs)
            if t.bug:
                bugs.append(t.inputs)
    return raising, bugs


@pytest.mark.parametrize("fn", [ft.documented_parse, ft.caller_of_documented])
def test_an_exception_the_docstring_documents_is_expected_not_a_bug(fn):
    report = _explore(fn, max_runs=40, max_str_len=3, run_dir=None, coverage=False)
    raising, bugs = _outcomes(report, fn)
    assert raising, "the exploration must reach int()'s ValueError"
    assert bugs == []
    assert not report.bugs


def test_the_same_exception_undocumented_is_still_a_bug():
    report = _explore(ft.undocumented_parse, max_runs=40, max_str_len=3, run_dir=None, coverage=False)
    raising, bugs = _outcomes(report, ft.undocumented_parse)
    assert raising and bugs == raising


def test_strict_makes_a_documented_exception_a_bug():
    report = _explore(ft.documented_parse, max_runs=40, max_str_len=3, run_dir=None, coverage=False, strict=True)
    raising, bugs = _outcomes(report, ft.documented_parse)
    assert raising and bugs == raising


@pytest.mark.parametrize("doc, names", [
    ("Do it.\n\n    Raises:\n        KeyError: missing.\n        ValueError: bad\n            still bad.\n\n"
     "    Returns:\n        int\n", {"KeyError", "ValueError"}),
    ("Do it.\n\nRaises\n------\nKeyError\n    when missing\nTypeError\n\nReturns\n-------\nint\n",
     {"KeyError", "TypeError"}),
    (":param x: y\n:raises ValueError: if bad\n:raises: TypeError\n:raises KeyError, IndexError: z",
     {"ValueError", "TypeError", "KeyError", "IndexError"}),
    ("Raises a ValueError when empty; raises :exc:`OverflowError` when huge.", {"ValueError", "OverflowError"}),
    ("Raises:\n    Exception: anything at all.\n", set()),          # too broad to excuse anything
    ("Returns the value; never checks it. A ValueError may escape.", set()),
])
def test_documented_raises_reads_google_numpy_sphinx_and_sentences(doc, names):
    assert documented_raises(doc) == names


def test_a_pattern_longer_than_the_bound_is_run_before_complete_is_claimed():
    report = _explore(ft.hex_digest, max_runs=40, run_dir=None, coverage=False)
    assert any(ft.hex_digest(**t.inputs) for t in report.tests), "the match was never run"
    assert report.complete


def test_a_pattern_longer_than_the_ceiling_is_never_complete():
    report = _explore(ft.long_digest, max_runs=40, run_dir=None, coverage=False)
    assert ft.long_digest(value="a" * 40)     # the path exists ...
    assert not any(ft.long_digest(**t.inputs) for t in report.tests)   # ... smartest cannot run it ...
    assert not report.complete                                       # ... and says so
    assert report.bounded == {"max_str_len": 32, "max_len": 16}


def test_a_watchdog_stop_past_the_deadline_is_the_time_limit_not_the_user():
    previous = signal.signal(signal.SIGTERM, user_interrupt)
    try:
        report = _explore(ft._overruns, max_runs=20, time_limit=0.2, run_dir=None, coverage=False)
    finally:
        signal.signal(signal.SIGTERM, previous)
        take_user_interrupt()
    assert report.stop_reason == "time_limit" and not report.complete


def test_an_unannotated_parameter_used_as_a_string_is_explored_as_one():
    report = _explore(ft.escape_like, max_runs=20, run_dir=None, coverage=False)
    assert report.tests and all(isinstance(t.inputs["s"], str) for t in report.tests)
    assert not report.bugs
    assert any("s: not annotated; explored as str" in n for n in report.extra.get("annotation_notes", ()))


def test_what_a_guessed_type_does_is_not_reported_as_a_bug():
    report = _explore(ft.walk_like, max_runs=20, run_dir=None, coverage=False)
    raised = []
    for t in report.tests:
        with pytest.raises(TypeError):
            ft.walk_like(**t.inputs)          # an int is not iterable: the guess, not the target
        raised.append(t)
    assert raised and not report.bugs
    # ... and the search is not complete: what the function does with the right type was not run.
    assert not report.complete and report.extra["guess_misfits"] == len(raised)


def test_a_bug_s_message_is_the_plain_run_s_not_the_proxy_s():
    report = _explore(ft.not_iterable, max_runs=20, run_dir=None)
    assert report.bugs
    for t in report.bugs:
        with pytest.raises(TypeError) as plain:
            ft.not_iterable(**t.inputs)
        assert t.raised.message == str(plain.value) == "'int' object is not iterable"


def test_a_model_is_used_through_an_import_inside_the_function():
    report = _explore(ft.finite_label, max_runs=20, run_dir=None, coverage=False)
    assert {ft.finite_label(**t.inputs) for t in report.tests} == {"finite", "not finite"}
    assert report.complete and not report.concretizations


def test_a_package_summary_lists_what_smartest_could_not_follow(tmp_path, capsys, monkeypatch):
    (tmp_path / "escpkg").mkdir()
    (tmp_path / "escpkg" / "__init__.py").write_text("")
    # (bisect on a plain table is followed since s9-cmodels; a count given to C is not)
    (tmp_path / "escpkg" / "grades.py").write_text(textwrap.dedent('''
        import itertools


        def grade(text: str, n: int) -> str:
            return "".join(itertools.islice(text, n))
        '''))
    monkeypatch.chdir(tmp_path)
    try:
        main(["explore", "escpkg/", "--time-limit", "20", "--quiet", "--no-run-dir", "--max-runs", "30"])
    finally:
        for key in [k for k in sys.modules if k == "escpkg" or k.startswith("escpkg.")]:
            del sys.modules[key]
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "not followed symbolically (each makes the searches it appears in incomplete):" in lines
    assert any(ln.strip().startswith("itertools.islice:") and ln.endswith("in grade]") for ln in lines), out


def test_an_enum_member_looked_up_by_a_symbolic_name_is_a_case_split():
    report = _explore(ft.unit_size, max_runs=30, run_dir=None, coverage=False)
    outcomes = set()
    for t in report.tests:
        try:
            outcomes.add(ft.unit_size(**t.inputs))
        except KeyError:
            outcomes.add("KeyError")
    assert outcomes == {1, 60, -1, "KeyError"}
    assert report.complete and not report.concretizations


RETURNS = '''
class Failure:
    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return f"Failure({self.value!r})"


def verdict(x: int):
    """validators' shape: True, or an object that has no literal; here a tuple and a NaN too."""
    if x > 10:
        return True
    if x > 5:
        return (x, "big")
    if x > 0:
        return float("nan")
    return Failure(x)
'''


def test_tests_rebuilt_from_a_run_directory_pass_on_the_function_they_pin(tmp_path, monkeypatch):
    """A package function stopped by the watchdog (validators.es_doi) and `smartest emit`
    rebuild tests from events.jsonl, where JSON had turned a tuple into a list and NaN or an
    object into null: the regression tests asserted `== None` and failed."""
    (tmp_path / "returns_mod.py").write_text(RETURNS)
    monkeypatch.chdir(tmp_path)
    assert main(["explore", "returns_mod.py:verdict", "--quiet", "--run-dir", "runs", "--max-runs", "30"]) == 0
    (run,) = [os.path.join("runs", "runs", d) for d in os.listdir(os.path.join("runs", "runs"))]
    assert main(["emit", run, "-o", "test_rebuilt.py"]) == 0
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_rebuilt.py"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 0 and "4 passed" in proc.stdout, proc.stdout


def test_a_package_exploration_shows_its_progress(tmp_path, capsys, monkeypatch):
    (tmp_path / "progpkg").mkdir()
    (tmp_path / "progpkg" / "__init__.py").write_text("")
    (tmp_path / "progpkg" / "signs.py").write_text(textwrap.dedent('''
        def sign(x: int) -> int:
            return (x > 0) - (x < 0)


        def double(x: int) -> int:
            return 2 * x
        '''))
    monkeypatch.chdir(tmp_path)
    try:
        main(["explore", "progpkg/", "--time-limit", "20", "--no-run-dir", "--max-runs", "10"])
    finally:
        for key in [k for k in sys.modules if k == "progpkg" or k.startswith("progpkg.")]:
            del sys.modules[key]
    err = capsys.readouterr().err
    assert "smartest: 0 of 2 functions explored; now progpkg.signs:sign" in err, err
    assert "smartest: 1 of 2 functions explored; now progpkg.signs:double" in err, err


def test_a_parameter_documented_as_a_string_is_explored_as_one():
    report = _explore(ft.documented_title, max_runs=30, run_dir=None, coverage=False)
    assert report.tests and all(isinstance(t.inputs["text"], str) for t in report.tests)
    assert {ft.documented_title(**t.inputs) for t in report.tests} == {"small", "other"}
    assert any("text: not annotated; explored as str (from its docstring)" in n
               for n in report.extra.get("annotation_notes", ()))


def test_a_parameter_shown_in_a_docstring_example_is_explored_with_its_type():
    report = _explore(ft.example_join, max_runs=12, run_dir=None, coverage=False, deepen=False)
    assert report.tests and all(type(t.inputs["args"]) is list and all(type(a) is str for a in t.inputs["args"])
                                for t in report.tests)
    assert any('"' in ft.example_join(**t.inputs) for t in report.tests)
    assert any("explored as list" in n and "examples" in n for n in report.extra.get("annotation_notes", ()))
