"""Defects the fourth field trial on packages from the index found (notes/s10-trial4.md),
each reduced to a target written for it; generated inputs are re-run plainly."""
import os
import subprocess
import sys

import pytest

import smartest
from smartest.errors import TargetError
from smartest.symbolic.recipes import materialize
from targets import trial4_targets as t4

TARGETS = os.path.join(os.path.dirname(__file__), "targets", "trial4_targets.py")


def _explore(fn, **options):
    return smartest.explore(f"{TARGETS}:{fn.__name__}", run_dir=None, coverage=False, **options)


def _plain(fn, inputs):
    try:
        return fn(**{k: materialize(v) for k, v in inputs.items()})
    except Exception as e:
        return type(e).__name__


def _envelope(sender, size):
    e = t4.Envelope()
    e.sender, e.size = sender, size
    return e


def test_a_class_whose_attributes_other_code_sets_is_not_made_with_class_call():
    """email-validator's `validate_email_length(addrinfo: ValidatedEmail)` was
    `complete` after one run on `ValidatedEmail()`, an object none of the declared
    attributes is set on (AttributeError), while every instance `validate_email`
    returns has them.  A `complete` must cover what real instances do; main: the one
    run's AttributeError, complete."""
    real = {t4.too_big(_envelope("a", n)) for n in (0, 101)}
    try:
        report = _explore(t4.too_big, max_runs=20)
    except TargetError as e:
        assert "declares attributes (sender, size)" in str(e), e
        return
    reached = {_plain(t4.too_big, t.inputs) for t in report.tests}
    assert not report.complete or real <= reached, (reached, report.complete)


def test_a_method_of_a_class_whose_attributes_other_code_sets_is_not_called_on_class_call():
    """`ValidatedEmail().as_dict()` was `complete` on the empty object too; main:
    `Parcel().heavy()` complete after one run, an AttributeError."""
    try:
        report = smartest.explore(f"{TARGETS}:Parcel.heavy", run_dir=None, coverage=False, max_runs=20)
    except TargetError as e:
        assert "declares attributes (weight)" in str(e), e
        return
    parcel = t4.Parcel()
    parcel.weight = 11
    assert not report.complete or parcel.heavy() in {t.returned for t in report.tests}, report.tests


def test_a_class_with_nothing_declared_is_still_made_with_class_call():
    """The other side: a class with no constructor and no declared attribute is every
    value it has as `Stateless()`, and stays an input."""
    report = _explore(t4.doubled_if_small, max_runs=20)
    assert {_plain(t4.doubled_if_small, t.inputs) == 0 for t in report.tests} == {True, False}
    assert report.complete


def test_a_parameter_of_an_unsupported_type_with_a_default_is_left_at_it():
    """tomli's `loads(s, *, parse_float=float)` was not explored at all ("type
    Callable[[str], Any] is not supported"): the parser is in `s`.  The hook now
    keeps its default, and `complete` says so."""
    report = _explore(t4.parse_number, max_runs=30)
    assert {_plain(t4.parse_number, t.inputs) for t in report.tests} == {-1, 0, 1}
    assert all(set(t.inputs) == {"text"} for t in report.tests)
    assert report.complete
    assert "convert at its default" in report.complete_means, report.complete_means


def test_parameters_after_one_left_at_its_default_are_passed_by_name(tmp_path):
    """`hooked_middle(text, hook=str.upper, times=1)`: with `hook` left out, `times`
    must not land in its place; the emitted tests call it by name and pass."""
    report = _explore(t4.hooked_middle, max_runs=30)
    assert {_plain(t4.hooked_middle, t.inputs) for t in report.tests} == {0, 1, 2}
    assert report.complete and "hook at its default" in report.complete_means, report.complete_means
    out = tmp_path / "test_hooked.py"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    explored = subprocess.run([sys.executable, "-m", "smartest", "explore", f"{TARGETS}:hooked_middle",
                               "--max-runs", "30", "--emit-tests", str(out)],
                              capture_output=True, text=True, cwd=tmp_path, env=env)
    assert explored.returncode == 0, explored.stderr[-2000:]
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(out)],
                         capture_output=True, text=True, cwd=tmp_path, env=env)
    assert run.returncode == 0, run.stdout[-2000:]
    assert "times=" in out.read_text()


@pytest.mark.parametrize("fn", [t4.tag_number, t4.tag_text, t4.tag_pair, t4.untag_number], ids=lambda f: f.__name__)
def test_setting_an_attribute_on_a_symbolic_value_fails_as_on_the_plain_one(fn):
    """sqlparse's `insert_before(where, token)` does `token.parent = self`: with an int
    token the proxy (a Python subclass, with a `__dict__`) took the attribute where the
    plain int raises AttributeError, and the emitted regression test asserted a
    return the plain call never makes.  main: the runs returned 1 and 2."""
    report = _explore(fn, max_runs=20)
    for t in report.tests:
        plain = _plain(fn, t.inputs)
        assert t.outcome == "returned" and t.returned == plain, (t.inputs, t.outcome, t.returned, plain)
    assert {_plain(fn, t.inputs) for t in report.tests} == {0}
    assert report.complete


@pytest.mark.parametrize("target", ["_bisect", "math:hypot"])
def test_compiled_code_is_named_as_such(target, tmp_path):
    """tomli's wheels are compiled by mypyc: `smartest explore tomli` said "no public
    function found" and `tomli:loads` "cannot read the signature of loads", while
    `tomli.loads` is right there.  main: those words, with nothing saying why."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    run = subprocess.run([sys.executable, "-m", "smartest", "explore", target], capture_output=True,
                         text=True, cwd=tmp_path, env=env)
    assert run.returncode == 2, run.stderr
    assert "is compiled code" in run.stderr or "are compiled code" in run.stderr, run.stderr


def test_an_unannotated_parameter_defaulting_to_none_is_also_run_with_none():
    """sqlparse's `TokenList.token_next_by(i=None, m=None, t=None, idx=-1, end=None)`
    was `complete (types guessed)` with every parameter an int: the `end is None` side,
    the one every default call takes, never ran.  main: {0, 1}, complete."""
    report = _explore(t4.window_end, max_runs=30)
    assert {_plain(t4.window_end, t.inputs) for t in report.tests} == {-1, 0, 1}
    assert report.complete


def test_a_run_whose_plain_replay_ends_another_way_clears_complete():
    """Before fix 2, sqlparse's `insert_after` was `complete` while its replay listed a
    run that returned in the search and raised AttributeError plainly.  Whatever the
    escape (here `vars()` of an int proxy, which nothing records), a run the plain
    function does not take makes the search incomplete.  main: complete, with 1 and 2
    returned where the plain function returns 0."""
    report = smartest.explore(f"{TARGETS}:has_namespace", run_dir=None, max_runs=20)
    recorded = {t.returned if t.outcome == "returned" else t.outcome for t in report.tests}
    plain = {_plain(t4.has_namespace, t.inputs) for t in report.tests}
    assert recorded == plain or not report.complete, (recorded, plain, report.complete)
    if recorded != plain:
        assert "ended another way when re-run plainly" in " ".join(report.notes), report.notes
