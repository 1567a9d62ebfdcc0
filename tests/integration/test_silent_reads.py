"""Library code reading a symbolic value in C with no method of the proxy called
(notes/s10-silent.md): a package's function called back by C (`map`, a sort key), a
package class's `__getitem__` run by the interpreter, collections' Python code under
the profile hook (`range(0, -n, -1)`, `list.insert(i, x)`, `self.data[i]`), and
`len(range(n))` past a C ssize_t.  Before, each search ended `complete` after 1-3 runs
with an outcome never reached.

The oracle trusts nothing of the engine: generated inputs are re-run on the plain
function, and so are seeded random inputs and edge values; an outcome they reach and
the generated inputs do not makes a `complete` claim false."""
import os
import random

import pytest

import smartest
from targets.silent import silent_targets as st

TARGETS = os.path.join(os.path.dirname(__file__), "targets", "silent", "silent_targets.py")
_EDGES = {"int": [0, 1, 2, 3, 5, 9, 42, 256, 300, 65535, 65536, -1, -3, -4, 2 ** 63, 2 ** 70],
          "str": ["", "a", "b", "x", "a-x", "ab"]}


def _explore(fn, **options):
    return smartest.explore(f"{TARGETS}:{fn.__name__}", run_dir=None, coverage=False, deepen=False,
                            seed=0, **options)


def _outcome(fn, value):
    try:
        return fn(value)
    except Exception as e:  # noqa: BLE001 - an exception is an outcome
        return type(e).__name__


def _kind(fn) -> str:
    return "str" if next(iter(fn.__annotations__.values())) is str else "int"


def _reachable(fn, count=600) -> set:
    """Outcomes of edge values and seeded random inputs on the plain function."""
    rng = random.Random(fn.__name__)
    if _kind(fn) == "str":
        values = _EDGES["str"] + ["".join(rng.choice("ab-x") for _ in range(rng.randrange(4))) for _ in range(count)]
    else:
        values = _EDGES["int"] + [rng.choice([rng.randrange(-8, 70), rng.randrange(-1000, 70000),
                                              rng.choice([-1, 1]) * rng.randrange(2 ** 80)]) for _ in range(count)]
    return {_outcome(fn, v) for v in values}


def _reached(fn, report) -> set:
    return {_outcome(fn, next(iter(t.inputs.values()))) for t in report.tests if t.inputs}


def _never_false_complete(fn, report) -> set:
    reached = _reached(fn, report)
    missed = _reachable(fn) - reached
    assert not (report.complete and missed), f"complete, but never reached {sorted(map(str, missed))}"
    if not report.complete:
        assert report.concretizations, "incomplete with nothing recorded"
    return reached


_CALLED_BACK = [st.mapped_counted, st.mapped_range_length, st.mapped_head, st.mapped_head_by_slice,
                st.mapped_blank, st.mapped_joined, st.mapped_placed, st.mapped_repeats, st.mapped_modular,
                st.mapped_root, st.mapped_indexed, st.mapped_picked, st.mapped_percent, st.mapped_popped]


@pytest.mark.parametrize("fn", _CALLED_BACK, ids=lambda f: f.__name__)
def test_a_package_function_called_back_by_c_is_followed_or_recorded(fn):
    """`map(package.f, [n])`: C called the package's function, which ran as the
    interpreter runs it (neither shadowed nor watched) and gave `n` to `range`, a
    slice, `bytes`, `str.join`, `list.insert`, `pow`, `math.isqrt`, a subscript, `%`.
    main: `complete` after 1 run on each, e.g. mapped_picked reached {10} of
    {0, 1, IndexError}."""
    _never_false_complete(fn, _explore(fn, max_runs=40))


@pytest.mark.parametrize("fn", [st.mapped_head, st.mapped_head_by_slice, st.mapped_joined, st.mapped_indexed,
                                st.mapped_picked, st.mapped_percent, st.mapped_range_length,
                                st.sorted_by_package_key, st.max_by_package_key],
                         ids=lambda f: f.__name__)
def test_a_package_function_called_back_by_c_is_followed_as_a_shadow(fn):
    """The called-back function runs as a rewritten shadow, like a direct call of it:
    every outcome, and complete (also as the key of the `sorted` and `max` models,
    which hand it to the builtins).  main: complete after 1 run, e.g.
    sorted_by_package_key reached {'IndexError'} of {0, 'IndexError'}."""
    report = _explore(fn, max_runs=40)
    assert _reached(fn, report) == _reachable(fn)
    assert report.complete, report.concretizations


def test_a_package_class_s_getitem_run_by_the_interpreter_is_followed():
    """`package.Row([1, 2, 3])[n]`: the class's `__getitem__` indexed its plain list with
    the SymInt.  main: complete after 1 run, {0} of {0, 1, 'IndexError'}."""
    report = _explore(st.row_cell, max_runs=40)
    assert _reached(st.row_cell, report) == {0, 1, "IndexError"}
    assert report.complete, report.concretizations


@pytest.mark.parametrize("fn", [st.most_common, st.user_list_cell, st.user_list_insert],
                         ids=lambda f: f.__name__)
def test_collections_code_reading_a_symbolic_int_in_c_records(fn):
    """collections is watched by the profile hook (it cannot be a shadow), which saw
    only unfollowed C calls: `range(0, -n, -1)` (a type's call makes no event) in
    `Counter.most_common` via heapq.nlargest, `self.data[i]` in `UserList.__getitem__`,
    the followed `list.insert` in `UserList.insert`.  main: complete after 1-3 runs,
    e.g. most_common never reached 1."""
    report = _explore(fn, max_runs=40)
    _never_false_complete(fn, report)
    assert not report.complete
    assert any("C" in c["reason"] for c in report.concretizations), report.concretizations


def test_len_of_a_range_longer_than_a_c_ssize_t_raises_overflow_error():
    """`len(range(n))` is a C ssize_t: CPython raises OverflowError past 2**63 - 1; the
    range model returned the length.  main: complete, OverflowError never reached."""
    report = _explore(st.direct_range_length, max_runs=40)
    assert _reached(st.direct_range_length, report) == {0, 1, "OverflowError"}
    assert report.complete


@pytest.mark.parametrize("fn", [st.shelf_holds, st.shelf_called], ids=lambda f: f.__name__)
def test_a_package_class_s_contains_and_call_run_by_the_interpreter_are_followed(fn):
    """`n in package.Shelf(...)` and `package.Shelf(...)(n)`: the class's `__contains__`
    and `__call__` indexed a plain list with the SymInt, as the interpreter ran them.
    main: complete, `return 1` never reached."""
    report = _explore(fn, max_runs=40)
    assert _reached(fn, report) == _reachable(fn)
    assert report.complete, report.concretizations


def test_len_of_an_object_whose_len_returns_a_symbolic_int_keeps_it():
    """An own class's `__len__` returning the SymInt: C read it as a ssize_t (and
    raised ValueError below 0, OverflowError past 2**63 - 1), and `len(x) == 2` was a
    plain comparison.  main: complete after 1 run, {0} of {0, 1, ValueError,
    OverflowError}."""
    report = _explore(st.own_len, max_runs=40)
    assert _reached(st.own_len, report) == {0, 1, "ValueError", "OverflowError"}
    assert report.complete
