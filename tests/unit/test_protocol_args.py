"""The C functions of itertools and bisect followed through the object protocol
(`escapes.PROTOCOL_ARGS`): called through the call guard on proxies they answer what
they answer on plain values, record no escape, and every decision they make the
proxies record holds on the inputs; a proxy at any other position is an escape."""
from __future__ import annotations

import bisect
import itertools
import operator
import random

import pytest

import smartest.models  # noqa: F401  (installs the models and the escape guards)
from smartest.models import escapes
from smartest.options import Options
from smartest.symbolic.inputs import kind_for
from smartest.symbolic.ints import new_int_input
from smartest.symbolic.realize import realize
from smartest.symbolic.strs import new_str_input
from smartest.terms import Sort, var
from smartest.trace.recorder import ACTIVE, Recorder
from support.model_check import check

S, T, X = var("s", Sort.STR), var("t", Sort.STR), var("x", Sort.INT)
TABLE = [0, 3, 3, 9, 20]


def _drained(value):
    """Iterators consumed into lists (groupby's groups too), so results compare."""
    if isinstance(value, (list, tuple)):
        return type(value)(_drained(v) for v in value)
    if hasattr(value, "__next__"):
        return [_drained(v) for v in value]
    return value


def _guarded(fn, *args, **kwargs):
    return _drained(escapes.call(fn, *args, **kwargs))


CASES = [
    lambda s, t, x: _guarded(itertools.chain, s, t), lambda s, t, x: _guarded(itertools.chain.from_iterable, [s, t]),
    lambda s, t, x: _guarded(itertools.pairwise, s), lambda s, t, x: _guarded(itertools.groupby, s),
    lambda s, t, x: _guarded(itertools.zip_longest, s, t, fillvalue="-"),
    lambda s, t, x: _guarded(itertools.compress, s, [1, 0, 1, 1]), lambda s, t, x: _guarded(itertools.islice, s, 2),
    lambda s, t, x: _guarded(itertools.islice, s, 1, None, 2), lambda s, t, x: _guarded(itertools.product, s, t),
    lambda s, t, x: _guarded(itertools.combinations, s, 2), lambda s, t, x: _guarded(itertools.permutations, s, 2),
    lambda s, t, x: _guarded(itertools.combinations_with_replacement, t, 2),
    lambda s, t, x: _guarded(itertools.accumulate, [x, x, 1]), lambda s, t, x: _guarded(itertools.repeat, x, 3),
    lambda s, t, x: _guarded(itertools.starmap, operator.add, [(s, t), (t, s)]),
    lambda s, t, x: _guarded(itertools.takewhile, lambda c: c != "b", s),
    lambda s, t, x: _guarded(itertools.dropwhile, lambda c: c != "b", s),
    lambda s, t, x: _guarded(itertools.filterfalse, lambda c: c == "a", s),
    lambda s, t, x: _guarded(itertools.tee, s)[0],
    lambda s, t, x: _guarded(itertools.islice, itertools.cycle(s), 5),
    lambda s, t, x: _guarded(bisect.bisect_left, TABLE, x), lambda s, t, x: _guarded(bisect.bisect_right, TABLE, x),
    lambda s, t, x: _guarded(bisect.bisect, TABLE, x, 1, 4), lambda s, t, x: _guarded(bisect.bisect_left, [s, t], "b"),
    lambda s, t, x: _guarded(bisect.bisect_left, ["a", "b", "bb"], s),
    lambda s, t, x: _guarded(bisect.bisect_left, TABLE, x, key=lambda v: -v),
    lambda s, t, x: _guarded(bisect.insort, list(TABLE), x) or None,
]


def test_followed_itertools_and_bisect_match_cpython_and_record_no_escape():
    rng = random.Random(11)
    tried = 0
    for _ in range(4000):
        case = rng.randrange(len(CASES))
        s = "".join(rng.choice("abx") for _ in range(rng.randrange(0, 5)))
        t = "".join(rng.choice("ab\u00e9") for _ in range(rng.randrange(0, 4)))
        x = rng.choice([rng.randrange(-3, 25), rng.randrange(-10 ** 6, 10 ** 6)])
        rec = check(CASES[case], (s, t, x), (new_str_input("s", s), new_str_input("t", t), new_int_input("x", x)),
                    {S: s, T: t, X: x})
        assert not rec.concretizations, (case, [c.callee for c in rec.concretizations])
        tried += 1
    assert tried == 4000


def test_every_listed_callee_names_a_c_callable_of_its_module():
    for name in escapes.PROTOCOL_ARGS:
        module, _, rest = name.partition(".")
        obj = __import__(module)
        for part in rest.split("."):
            obj = getattr(obj, part)
        assert escapes.callee_name(obj) == name


@pytest.mark.parametrize("call", [
    lambda s, n, xs: escapes.call(itertools.islice, s, n), lambda s, n, xs: escapes.call(itertools.repeat, "a", n),
    lambda s, n, xs: escapes.call(itertools.combinations, s, n), lambda s, n, xs: escapes.call(itertools.tee, s, n),
    lambda s, n, xs: escapes.call(itertools.product, s, repeat=n),
    lambda s, n, xs: escapes.call(bisect.bisect_left, [1, 2], 1, n), lambda s, n, xs: escapes.call(bisect.bisect_left, xs, 1),
    lambda s, n, xs: escapes.call(bisect.insort, xs, 1), lambda s, n, xs: next(escapes.call(itertools.count, n)),
])
def test_a_count_or_a_searched_proxy_list_given_to_c_is_an_escape(call):
    kind = kind_for(list[int])
    kind.bind(Options(), set())
    rec = Recorder()
    token = ACTIVE.set(rec)
    try:
        realize(_drained(call(new_str_input("s", "ab"), new_int_input("x", 2), kind.proxy("xs", [1, 2]))))
    except TypeError:
        pass
    finally:
        ACTIVE.reset(token)
    assert rec.concretizations, "no escape recorded"
