"""SymDict and SymSet against CPython (see tests/support/differential.py)."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from smartest.models import REGISTRY as M
from smartest.symbolic.inputs import kind_for
from support.differential import check

LEN, SORTED, SUM, MIN, MAX, LIST, SET, DICT = (M[n] for n in ("len", "sorted", "sum", "min", "max", "list", "set", "dict"))


def _do(stmt):
    def op(d, k, x):
        stmt(d, k, x)
        return d
    return op


def _set(d, k, x):
    d[k] = x


def _del(d, k, x):
    del d[k]


DICT_OPS = [
    lambda d, k, x: LEN(d), lambda d, k, x: d[k], lambda d, k, x: k in d, lambda d, k, x: d.get(k),
    lambda d, k, x: d.get(k, x), lambda d, k, x: d.setdefault(k, x), lambda d, k, x: d.pop(k),
    lambda d, k, x: d.pop(k, x), lambda d, k, x: d.popitem(), lambda d, k, x: [e for e in d],
    lambda d, k, x: [v for v in d.values()], lambda d, k, x: [p for p in d.items()], lambda d, k, x: LIST(d),
    lambda d, k, x: LIST(d.keys()), lambda d, k, x: LIST(d.values()), lambda d, k, x: x in d.values(),
    lambda d, k, x: (k, x) in d.items(), lambda d, k, x: k in d.keys(), lambda d, k, x: SORTED(d),
    lambda d, k, x: SUM(d.values()), lambda d, k, x: d == {1: 2}, lambda d, k, x: d == {k: x},
    lambda d, k, x: 1 if d else 0, lambda d, k, x: DICT(d), lambda d, k, x: d.copy(), lambda d, k, x: MAX(d),
    _do(_set), _do(_del), _do(lambda d, k, x: d.update({k: x, 0: 1})), _do(lambda d, k, x: d.clear()),
    _do(lambda d, k, x: (d.__setitem__(k, x), d.__setitem__(x, k))),
    _do(lambda d, k, x: (d.pop(k, None), d.setdefault(x, k))),
    lambda d, k, x: (d.__setitem__(k, x), d[k] + LEN(d))[1],
    lambda d, k, x: (d.setdefault(k, 0), [p for p in d.items()])[1],
    lambda d, k, x: d.get(k, None), _do(lambda d, k, x: d.__setitem__(k, "s")),
    _do(lambda d, k, x: [d.__setitem__(x, e) for e in d]), _do(lambda d, k, x: [d.pop(k, 0) for e in d]),
    _do(lambda d, k, x: d.__setitem__(True, x)), _do(lambda d, k, x: (d.__setitem__(1.5, x), d.pop(k, 0))),
]

small = st.integers(-2, 2)
small_dicts = st.dictionaries(small, small, max_size=4)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(small_dicts, small_dicts, small, small, small, small, st.integers(0, len(DICT_OPS) - 1))
def test_int_dict_operations_match_cpython(a, b, ka, kb, xa, xb, case):
    kinds = {"d": kind_for(dict[int, int]), "k": kind_for(int), "x": kind_for(int)}
    check(DICT_OPS[case], kinds, {"d": a, "k": ka, "x": xa}, {"d": b, "k": kb, "x": xb})


words = st.sampled_from(["", "a", "b", "ab"])


@settings(max_examples=120, deadline=None, derandomize=True)
@given(st.dictionaries(words, small, max_size=4), st.dictionaries(words, small, max_size=4), words, words,
       small, small, st.integers(0, len(DICT_OPS) - 1))
def test_str_key_dict_operations_match_cpython(a, b, ka, kb, xa, xb, case):
    kinds = {"d": kind_for(dict[str, int]), "k": kind_for(str), "x": kind_for(int)}
    check(DICT_OPS[case], kinds, {"d": a, "k": ka, "x": xa}, {"d": b, "k": kb, "x": xb})


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.dictionaries(small, st.lists(small, max_size=2), max_size=3),
       st.dictionaries(small, st.lists(small, max_size=2), max_size=3), small, small,
       st.sampled_from([0, 1, 2, 3, 6, 8, 9, 11, 12, 13, 17, 22, 27, 34]))
def test_opaque_value_dict_operations_match_cpython(a, b, ka, kb, case):
    kinds = {"d": kind_for(dict[int, list[int]]), "k": kind_for(int), "x": kind_for(list[int])}
    check(DICT_OPS[case], kinds, {"d": a, "k": ka, "x": [ka]}, {"d": b, "k": kb, "x": [kb]})


SET_OPS = [
    lambda s, t, x: LEN(s), lambda s, t, x: x in s, lambda s, t, x: 1 if s else 0, lambda s, t, x: SORTED(s),
    lambda s, t, x: SUM(s), lambda s, t, x: MIN(s), lambda s, t, x: MAX(s), lambda s, t, x: s == t,
    lambda s, t, x: s <= t, lambda s, t, x: s < t, lambda s, t, x: s >= t, lambda s, t, x: s.isdisjoint(t),
    lambda s, t, x: s | t, lambda s, t, x: s & t, lambda s, t, x: s - t, lambda s, t, x: s ^ t,
    lambda s, t, x: s == {1, 2}, lambda s, t, x: s.union(t, {x}),
    lambda s, t, x: (s.add(x), s)[1], lambda s, t, x: (s.discard(x), s)[1], lambda s, t, x: (s.remove(x), s)[1],
    lambda s, t, x: (s.update(t), s)[1], lambda s, t, x: (s.add(x), s.discard(1), SORTED(s))[2],
    lambda s, t, x: (s.clear(), s)[1], lambda s, t, x: s.copy(), lambda s, t, x: SET(SORTED(t)),
    lambda s, t, x: LEN(s & t) + LEN(s - t), lambda s, t, x: (s.__ior__(t), s)[1],
    lambda s, t, x: [s.add(x) for e in s], lambda s, t, x: (s.add("a"), x in s, LEN(s))[1:],
]


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.sets(small, max_size=4), st.sets(small, max_size=4), st.sets(small, max_size=4),
       st.sets(small, max_size=4), small, small, st.integers(0, len(SET_OPS) - 1))
def test_int_set_operations_match_cpython(sa, sb, ta, tb, xa, xb, case):
    kinds = {"s": kind_for(set[int]), "t": kind_for(set[int]), "x": kind_for(int)}
    check(SET_OPS[case], kinds, {"s": sa, "t": ta, "x": xa}, {"s": sb, "t": tb, "x": xb})
