"""SymList and SymTuple against CPython (see tests/support/differential.py for what
is checked: same outcome, path holds, terms right, path generalizes)."""
from __future__ import annotations

import heapq

import pytest
from hypothesis import given, settings, strategies as st

from smartest.models import REGISTRY as M
from smartest.symbolic.inputs import kind_for
from support.differential import check

LEN, SORTED, SUM, MIN, MAX, LIST, SET, DICT = (M[n] for n in ("len", "sorted", "sum", "min", "max", "list", "set",
                                                                "dict"))


def _mutate(method, *args):
    def op(xs, i, x):
        getattr(xs, method)(*[{"i": i, "x": x}.get(a, a) if isinstance(a, str) else a for a in args])
        return xs
    op.__name__ = method
    return op


def _setitem(xs, i, x):
    xs[i] = x
    return xs


def _delitem(xs, i, x):
    del xs[i]
    return xs


def _iadd(xs, i, x):
    xs += [x, 1]
    return xs


LIST_OPS = [
    lambda xs, i, x: LEN(xs), lambda xs, i, x: xs[0], lambda xs, i, x: xs[-1], lambda xs, i, x: xs[i],
    lambda xs, i, x: xs[1:], lambda xs, i, x: xs[:-1], lambda xs, i, x: xs[i:], lambda xs, i, x: xs[-2:i],
    lambda xs, i, x: xs[::2], lambda xs, i, x: [e for e in xs], lambda xs, i, x: x in xs,
    lambda xs, i, x: xs.count(x), lambda xs, i, x: xs.index(x), lambda xs, i, x: xs == [1, 2],
    lambda xs, i, x: xs < [0, 1], lambda xs, i, x: xs + [x], lambda xs, i, x: [x] + xs,
    lambda xs, i, x: 1 if xs else 0, lambda xs, i, x: SORTED(xs), lambda xs, i, x: SORTED(xs, reverse=True),
    lambda xs, i, x: SUM(xs), lambda xs, i, x: SUM(xs, x), lambda xs, i, x: MIN(xs), lambda xs, i, x: MAX(xs),
    lambda xs, i, x: MAX(xs, default=x), lambda xs, i, x: LIST(reversed(xs)), lambda xs, i, x: list(enumerate(xs)),
    lambda xs, i, x: list(zip(xs, xs[1:])), lambda xs, i, x: LIST(xs), lambda xs, i, x: xs * 2,
    lambda xs, i, x: xs.copy(), lambda xs, i, x: xs == xs[::-1],
    _mutate("append", "x"), _mutate("insert", "i", "x"), _mutate("pop"), _mutate("pop", "i"),
    _mutate("remove", "x"), _setitem, _delitem, _mutate("sort"), _mutate("reverse"), _mutate("extend", [7, 8]),
    _mutate("clear"), _iadd,
    lambda xs, i, x: (xs.append(x), xs.pop(0), xs[-1])[2],
    lambda xs, i, x: (xs.insert(i, x), xs.remove(x), xs)[2],
    lambda xs, i, x: (xs.append(x), SORTED(xs))[1],
    lambda xs, i, x: (xs.sort(reverse=True), xs[i])[1],
    lambda xs, i, x: (xs.__setitem__(slice(1, i), [x]), xs)[1], lambda xs, i, x: (xs.__delitem__(slice(i, None)), xs)[1],
    lambda xs, i, x: xs.index(x, 1), lambda xs, i, x: xs[::-1], lambda xs, i, x: xs * i,
    lambda xs, i, x: LEN(SET(xs)) == LEN(xs), lambda xs, i, x: (heapq.heappush(xs, x), xs[0], LEN(xs))[1:],
    lambda xs, i, x: [e for e in xs if e != x], lambda xs, i, x: (xs.insert(i, x), xs.index(x))[1],
    lambda xs, i, x: (lambda s: (s.update(xs), x in s, LEN(s), SORTED(s))[1:])(SET()),
    lambda xs, i, x: (lambda d: ([d.__setitem__(e, d.get(e, 0) + 1) for e in xs], d.get(x, 0), d)[1:])(DICT()),
    lambda xs, i, x: (lambda s: [e for e in xs if e in s or s.add(e)])(SET()),
    lambda xs, i, x: (lambda d: ([d.setdefault(e % 2, []).append(e) for e in xs], LEN(d), d.get(1))[1:])(DICT()),
]

INT = kind_for(int)
small_ints = st.integers(-2, 2)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.lists(small_ints, max_size=4), st.lists(small_ints, max_size=4), small_ints, small_ints,
       small_ints, small_ints, st.integers(0, len(LIST_OPS) - 1))
def test_int_list_operations_match_cpython(a, b, ia, ib, xa, xb, case):
    kinds = {"xs": kind_for(list[int]), "i": INT, "x": INT}
    check(LIST_OPS[case], kinds, {"xs": a, "i": ia, "x": xa}, {"xs": b, "i": ib, "x": xb})


STR_OPS = [0, 2, 3, 4, 5, 9, 10, 11, 12, 15, 18, 20 - 1, 22, 23, 32, 33, 36, 37, 38, 39]
words = st.sampled_from(["", "a", "b", "ab"])


@settings(max_examples=120, deadline=None, derandomize=True)
@given(st.lists(words, max_size=4), st.lists(words, max_size=4), small_ints, small_ints, words, words,
       st.sampled_from(STR_OPS))
def test_str_list_operations_match_cpython(a, b, ia, ib, xa, xb, case):
    kinds = {"xs": kind_for(list[str]), "i": INT, "x": kind_for(str)}
    check(LIST_OPS[case], kinds, {"xs": a, "i": ia, "x": xa}, {"xs": b, "i": ib, "x": xb})


TUPLE_OPS = [0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 16, 17, 18, 20, 22, 23, 25, 26, 27]


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.lists(small_ints, max_size=4), st.lists(small_ints, max_size=4), small_ints, small_ints,
       small_ints, small_ints, st.sampled_from(TUPLE_OPS))
def test_variadic_tuple_operations_match_cpython(a, b, ia, ib, xa, xb, case):
    kinds = {"xs": kind_for(tuple[int, ...]), "i": INT, "x": INT}
    check(LIST_OPS[case], kinds, {"xs": tuple(a), "i": ia, "x": xa}, {"xs": tuple(b), "i": ib, "x": xb})


NESTED_OPS = [0, 1, 2, 3, 4, 5, 9, 17, 25, 29, 33, 34, 35, 38, 39, 41]


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.lists(st.lists(small_ints, max_size=2), max_size=3), st.lists(st.lists(small_ints, max_size=2), max_size=3),
       small_ints, small_ints, st.sampled_from(NESTED_OPS))
def test_nested_list_operations_match_cpython(a, b, ia, ib, case):
    kinds = {"xs": kind_for(list[list[int]]), "i": INT, "x": kind_for(list[int])}
    check(LIST_OPS[case], kinds, {"xs": a, "i": ia, "x": [ia]}, {"xs": b, "i": ib, "x": [ib]})


@pytest.mark.parametrize("case", range(len(LIST_OPS)))
def test_each_list_operation_on_a_few_inputs(case):
    kinds = {"xs": kind_for(list[int]), "i": INT, "x": INT}
    for a, b in (([], [1]), ([1, 2], [2, 1]), ([0, 0, 1], [0, 1]), ([2, -1, 2, 0], [2, -1, 2, 0])):
        for ia, xa in ((0, 0), (-1, 2), (5, -1), (1, 1)):
            check(LIST_OPS[case], kinds, {"xs": a, "i": ia, "x": xa}, {"xs": b, "i": ia, "x": xa})


RANGE = M["range"]
RANGE_OPS = [
    lambda a, b, x, step: LEN(RANGE(a, b, step)), lambda a, b, x, step: x in RANGE(a, b, step),
    lambda a, b, x, step: RANGE(a, b, step)[x], lambda a, b, x, step: list(RANGE(a, b, step)),
    lambda a, b, x, step: list(reversed(RANGE(a, b, step))), lambda a, b, x, step: RANGE(a, b, step).count(x),
    lambda a, b, x, step: RANGE(a, b, step).index(x), lambda a, b, x, step: 1 if RANGE(a, b, step) else 0,
    lambda a, b, x, step: [k * 2 for k in RANGE(b)], lambda a, b, x, step: SUM(RANGE(a, b, step)),
]


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.integers(-3, 3), st.integers(-3, 3), st.integers(-4, 4), st.integers(-3, 3), st.integers(-3, 3),
       st.integers(-4, 4), st.sampled_from([1, 2, -1, -2]), st.integers(0, len(RANGE_OPS) - 1))
def test_range_with_symbolic_bounds_matches_cpython(aa, ba, xa, ab, bb, xb, step, case):
    kinds = {"a": INT, "b": INT, "x": INT}
    op = lambda a, b, x: RANGE_OPS[case](a, b, x, step)  # noqa: E731
    check(op, kinds, {"a": aa, "b": ba, "x": xa}, {"a": ab, "b": bb, "x": xb})
