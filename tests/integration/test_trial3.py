"""Defects the third field trial on packages from the index found (notes/s9-trial3.md),
each reduced to a target written for it; generated inputs are re-run plainly."""
import ast
import os

import pytest

import smartest
from targets import trial3_targets as t3
from test_trial import _plain_outcomes

TARGETS = os.path.join(os.path.dirname(__file__), "targets", "trial3_targets.py")


def _explore(fn, **options):
    return smartest.explore(f"{TARGETS}:{fn.__name__}", run_dir=None, coverage=False, **options)


@pytest.mark.parametrize("fn", [t3.key_error_text, t3.error_repr, t3.error_code_text, t3.pair_text,
                                t3.list_text, t3.dict_text, t3.printed_back], ids=lambda f: f.__name__)
def test_c_code_taking_the_text_of_a_symbolic_value_is_followed_or_recorded(fn):
    """jmespath's and docopt's errors carry the symbolic text they were given; C code
    that takes the text of a proxy (an exception's str or repr, a container's repr)
    got its concrete digits or quotes, silently: main was `complete` after 1 run on
    each of these, with `return 1` never reached."""
    report = _explore(fn, max_runs=40)
    reached = _plain_outcomes(fn, report)
    assert reached == {0, 1} or not report.complete, (reached, report.complete)
    if not report.complete:
        assert any("took the text of a symbolic value" in c["reason"] for c in report.concretizations), \
            report.concretizations


def test_the_text_of_a_symbolic_set_is_a_plain_set_s():
    """main: `str(s)` of a set input returned 'set({1, 2})' where the plain function
    returns '{1, 2}': the tests it emitted did not reproduce."""
    report = _explore(t3.set_text, max_runs=20)
    seen = [t for t in report.tests if t.outcome == "returned"]
    assert seen
    for t in seen:
        plain = t3.set_text(**t.inputs)
        # A set's order is its history's: compare the sets the two texts spell.
        assert t.returned == plain or ast.literal_eval(t.returned) == ast.literal_eval(plain), (t.inputs, t.returned)


def test_print_to_the_run_s_stdout_keeps_the_search_complete():
    """The other side of the test above: print() of a symbolic int to stdout, whose
    text never comes back, is no escape (main: complete too; with the recording
    `__str__` alone it was `incomplete`)."""
    report = _explore(t3.printed_out, max_runs=20)
    assert _plain_outcomes(t3.printed_out, report) == {0, 1}
    assert report.complete, report.concretizations


_INT_READERS = [t3.repeated, t3.tail_of, t3.head_count, t3.popped, t3.inserted, t3.in_hex, t3.counted_from,
                t3.rounded, t3.found_from, t3.window, t3.modular_power, t3.dropped, t3.emptied, t3.padded]


@pytest.mark.parametrize("fn", _INT_READERS, ids=lambda f: f.__name__)
def test_c_code_reading_a_symbolic_int_as_a_c_integer_is_followed_or_recorded(fn):
    """toolz's `partition` (`[iter(seq)] * n`) was `complete up to ...` with its
    OverflowError never run: CPython reads an int subclass's value directly for a
    count, a slice bound or a position, with no method of the SymInt called.  main:
    `complete` on each of these with `return 1` never reached."""
    report = _explore(fn, max_runs=40)
    reached = _plain_outcomes(fn, report)
    declared = {-1, 0, 1} if fn in (t3.popped, t3.found_from) else {0, 1}
    assert reached == declared or not report.complete, (reached, report.complete)
    if not report.complete:
        assert report.concretizations, report


def test_a_slice_of_a_plain_str_at_a_symbolic_bound_is_followed():
    """The slice of a plain str is a SymStr's: both outcomes, and complete."""
    report = _explore(t3.tail_of, max_runs=40)
    assert _plain_outcomes(t3.tail_of, report) == {0, 1}
    assert report.complete


def test_a_rewritten_method_call_looks_the_method_up_before_its_arguments():
    """jmespath `TreeInterpreter.visit_field(node=552, value=-470)`: the emitted
    `pytest.raises(TypeError)` failed (DID NOT RAISE).  The rewrite made
    `value.get(node["value"])` a call whose arguments were evaluated before the
    attribute lookup.  main: outcome TypeError."""
    report = _explore(t3.field_of, max_runs=10)
    for t in report.tests:
        assert t.outcome == "returned" and t.returned is None, (t.inputs, t.outcome, t.raised)
        assert t3.field_of(**t.inputs) is None


def test_an_exception_s_own_init_keeping_a_symbolic_text_is_followed():
    """jmespath's LexerError and docopt's DocoptExit call `super().__init__(text)` with
    symbolic text: `ValueError.__init__: C code used the concrete value` made every
    parse-error path incomplete (43 runs in jmespath, 17 in docopt).  BaseException's C
    init only keeps its arguments; what C does with them later records (fix 1).  main:
    not complete."""
    report = _explore(t3.rejected, max_runs=20)
    assert _plain_outcomes(t3.rejected, report) == {0, 1, 2}
    assert report.complete, report.concretizations
    report = _explore(t3.misplaced, max_runs=20)
    assert _plain_outcomes(t3.misplaced, report) == {0, 1}
    assert report.complete, report.concretizations
