"""Defects a field trial on packages from the index found (notes/field-trial.md), each
reduced to the smallest target that shows it."""
import pytest

from smartest import explore
from smartest.engine.documented import documented_raises


def documented_parse(s: str) -> int:
    """Parse a decimal count (like humanize's `activate`, whose docstring promises the
    FileNotFoundError that gettext raises).

    Raises:
        ValueError: if `s` is not a decimal integer.
    """
    n = int(s)
    if n > 5:
        return 1
    return 0


def undocumented_parse(s: str) -> int:
    """Parse a decimal count."""
    n = int(s)
    if n > 5:
        return 1
    return 0


def _helper_documents(s: str) -> int:
    """:raises ValueError: if `s` is not a number."""
    return int(s)


def caller_of_documented(s: str) -> int:
    return _helper_documents(s) + 1


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


@pytest.mark.parametrize("fn", [documented_parse, caller_of_documented])
def test_an_exception_the_docstring_documents_is_expected_not_a_bug(fn):
    report = explore(fn, max_runs=40, max_str_len=3, run_dir=None, coverage=False)
    raising, bugs = _outcomes(report, fn)
    assert raising, "the exploration must reach int()'s ValueError"
    assert bugs == []
    assert not report.bugs


def test_the_same_exception_undocumented_is_still_a_bug():
    report = explore(undocumented_parse, max_runs=40, max_str_len=3, run_dir=None, coverage=False)
    raising, bugs = _outcomes(report, undocumented_parse)
    assert raising and bugs == raising


def test_strict_makes_a_documented_exception_a_bug():
    report = explore(documented_parse, max_runs=40, max_str_len=3, run_dir=None, coverage=False, strict=True)
    raising, bugs = _outcomes(report, documented_parse)
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
