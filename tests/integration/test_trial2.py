"""Defects the second field trial on packages from the index found (notes/s8-trial2.md),
each reduced to the smallest target that shows it; generated inputs are re-run plainly."""
import ast
import json
import os
import subprocess
import sys
import textwrap

import pytest

import smartest
from targets import trial2_targets as t2
from test_trial import _plain_outcomes

SRC = os.path.dirname(os.path.dirname(smartest.__file__))
TARGETS = os.path.join(os.path.dirname(__file__), "targets", "trial2_targets.py")


def _smartest(cwd, *argv, timeout=300):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-m", "smartest", *argv], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=timeout)


def test_a_returned_value_that_pickles_but_does_not_load_back_stops_nothing(tmp_path):
    """idna.codec's `search_function` returns a `codecs.CodecInfo`, a tuple subclass
    whose `__new__` wants arguments that pickling does not pass: the package's
    exploration ended with an internal error (status 3) at unpickling its report."""
    (tmp_path / "codecish.py").write_text(textwrap.dedent("""\
        import codecs


        def lookup(name: str):
            if name == "x":
                return codecs.CodecInfo(None, None, name="x")
            return None


        def after(n: int) -> int:
            return 1 if n > 3 else 0
        """))
    p = _smartest(tmp_path, "explore", "codecish.py", "--json", "r.json", "--emit-tests", "gen", "--time-limit", "20")
    assert p.returncode == 0, p.stdout + p.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    rows = {f["spec"].split(":")[1]: f for f in report["functions"]}
    assert rows["lookup"]["report"] and rows["after"]["report"], report
    names = {t["inputs"]["name"] for t in rows["lookup"]["report"]["tests"]}
    assert "x" in names
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "gen"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert run.returncode == 0, run.stdout


def _explore(fn, **options):
    return smartest.explore(f"{TARGETS}:{fn.__name__}", run_dir=None, coverage=False, **options)


def test_str_of_bytes_with_an_encoding_is_its_decoding():
    """main: `complete` after 1 run, neither the decoded value nor the failure followed."""
    report = _explore(t2.ascii_label, max_runs=30)
    assert _plain_outcomes(t2.ascii_label, report) == {-1, 0, 1}
    assert report.complete


def test_a_c_method_of_a_plain_receiver_given_a_proxy_records_its_escape():
    """main: `b"".join([b, ...])` ran C code on the concrete bytes unrecorded, and the
    search was `complete` after 1 run with `return 1` never reached."""
    report = _explore(t2.joined_bytes, max_runs=30)
    assert 1 in _plain_outcomes(t2.joined_bytes, report) or not report.complete
    assert any(c["callee"] == "bytes.join" for c in report.concretizations), report.concretizations


def test_complete_over_a_narrowed_union_says_so(tmp_path):
    """main: `complete: every feasible path was run` (and `complete` in the package
    table) though the bytearray member of the union, and `return 1`, never ran."""
    report = _explore(t2.is_mutable_label, max_runs=10)
    assert _plain_outcomes(t2.is_mutable_label, report) == {0}
    assert report.complete and report.complete_means.endswith("with b narrowed to bytes"), report.complete_means
    (tmp_path / "narrow.py").write_text("def f(b: bytes | bytearray) -> int:\n"
                                       "    return 1 if isinstance(b, bytearray) else 0\n")
    p = _smartest(tmp_path, "explore", "narrow.py", "--time-limit", "10")
    assert "complete (inputs narrowed)" in p.stdout, p.stdout + p.stderr


def test_a_killed_exploration_s_bytes_inputs_are_run_again_as_bytes(tmp_path):
    """idna's `decode` stopped by the watchdog: the plain runs of its tests got the
    run directory's source text of a bytes input, not the bytes, and 11 emitted
    regression tests expected the error that text raised (main: the emitted
    `pytest.raises(TypeError)` fails, the function returns)."""
    p = _smartest(tmp_path, "explore", f"{TARGETS}:bytes_then_crash", "--json", "r.json", "--emit-tests",
                  "test_gen.py")
    assert "killed the process with SIGSEGV" in p.stdout, p.stdout + p.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    seen = [t for t in report["tests"] if t["outcome"] in ("returned", "raised")]
    assert seen
    for t in seen:
        b = ast.literal_eval(t["inputs_repr"]["b"])
        assert t["outcome"] == "returned" and t["returned"] == t2.bytes_then_crash(b, t["inputs"]["x"]), t
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA", "test_gen.py"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=300)
    failed = [line for line in run.stdout.splitlines() if line.startswith("FAILED")]
    assert len(failed) == 1 and "bug_SIGSEGV" in failed[0], run.stdout


def test_a_method_on_a_class_made_instance_gets_a_new_instance_every_run():
    """main: one instance for every run, so after a run that raised the method
    returned 'minuzero', which `Negword().say(0)` never does; the emitted test failed."""
    report = smartest.explore(f"{TARGETS}:Negword.say", run_dir=None, coverage=False, max_runs=20)
    outcomes = set()
    for t in report.tests:
        try:
            plain = t2.Negword().say(**t.inputs)
        except ValueError:
            assert t.outcome == "raised", t
            outcomes.add("ValueError")
            continue
        assert t.outcome == "returned" and t.returned == plain, (t.inputs, t.returned, plain)
        outcomes.add(plain)
    assert outcomes == {"minuszero", "minussome", "ValueError"}
    assert report.complete


def test_a_killed_exploration_s_expected_errors_carry_the_plain_run_s_message(tmp_path):
    """main: `pytest.raises(TypeError, match="'SymInt' object is not iterable")`, which
    the plain function ("'int' object ...") fails."""
    p = _smartest(tmp_path, "explore", f"{TARGETS}:guessed_then_crash", "--json", "r.json", "--emit-tests",
                  "test_gen.py")
    assert "killed the process with SIGSEGV" in p.stdout, p.stdout + p.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    raised = [t for t in report["tests"] if t["outcome"] == "raised" and not t["bug"]]
    assert raised
    for t in raised:
        try:
            t2.guessed_then_crash(**t["inputs"])
        except TypeError as e:
            assert t["raised"]["message"] == str(e), t
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA", "test_gen.py"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=300)
    failed = [line for line in run.stdout.splitlines() if line.startswith("FAILED")]
    assert len(failed) == 1 and "bug_SIGSEGV" in failed[0], run.stdout


def test_a_generator_joined_by_a_plain_str_is_followed():
    """main: the items of the generator reached C's str.join unseen; `complete up to
    strings of 32` with only `return 0` run (stdnum.isbn's `to_isbn13`: `complete`)."""
    report = _explore(t2.joined_generator, max_runs=100)
    assert _plain_outcomes(t2.joined_generator, report) == {0, 1}
    assert report.complete or report.bounded


def test_a_symbolic_tuple_as_isinstance_s_class_info_has_its_length_explored():
    """main: `complete` after 1 run (the empty tuple); every other length raises."""
    report = _explore(t2.instance_of_any, max_runs=40, max_str_len=2)
    assert _plain_outcomes(t2.instance_of_any, report) == {0, "TypeError"}
    assert any(t.bug for t in report.tests)


def test_complete_with_keyword_arguments_never_given_says_so():
    """more_itertools' `join_mappings(**field_to_map)`: main claimed `complete` on no
    keyword argument at all, with nothing said."""
    report = smartest.explore(f"{TARGETS}:keyword_count", run_dir=None, coverage=False, max_runs=10)
    assert {t2.keyword_count(**t.inputs) for t in report.tests} == {0}
    assert report.complete and report.complete_means.endswith("with **fields empty"), report.complete_means


def test_reversed_of_a_symbolic_str_records_its_length():
    """main: the length C's reversed() read was not recorded; runs left their
    predicted path (an unexplained divergence) and `return 1` was not run."""
    report = _explore(t2.reversed_text, max_runs=60)
    assert _plain_outcomes(t2.reversed_text, report) == {0, 1}
    assert not report.concretizations and (report.complete or report.bounded)


def test_a_killed_exploration_leaves_no_scratch_directory(tmp_path):
    """main: every exploration the watchdog or a signal killed left its sandbox's
    scratch directory in the temporary directory, and the plain re-runs of its tests
    one more (401 `smartest-scratch-*` in /tmp after an afternoon of package runs)."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = dict(os.environ, TMPDIR=str(tmp), PYTHONPATH=os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")]))
    p = subprocess.run([sys.executable, "-m", "smartest", "explore", f"{TARGETS}:bytes_then_crash", "--no-run-dir"],
                       capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300)
    assert "killed the process with SIGSEGV" in p.stdout, p.stdout + p.stderr
    assert sorted(os.listdir(tmp)) == []


def test_a_star_argument_that_is_no_iterable_raises_the_original_call_s_message(tmp_path):
    """main: the rewritten call said "Value after * must be an iterable, not int", the
    plain one "zip() argument after * ..."; the emitted `pytest.raises(match=...)` failed."""
    report = _explore(t2.transpose, max_runs=10)
    raised = [t for t in report.tests if t.outcome == "raised"]
    assert raised
    for t in raised:
        with pytest.raises(TypeError) as e:
            t2.transpose(**t.inputs)
        assert t.raised.message == str(e.value)
    p = _smartest(tmp_path, "explore", f"{TARGETS}:transpose", "--emit-tests", "test_gen.py", "--no-run-dir")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_gen.py"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert run.returncode == 0, p.stdout + run.stdout


def test_a_parameter_whose_items_go_to_ord_is_guessed_a_string():
    """main: explored as an int (`--default-type`): one run, `for ch in 552` a TypeError,
    'a guessed parameter type does not fit'."""
    report = _explore(t2.non_ascii_count, max_runs=20, max_str_len=2)
    assert all(isinstance(t.inputs["txt"], str) for t in report.tests)
    assert {0, 1} <= _plain_outcomes(t2.non_ascii_count, report)
