"""Models of the builtins over containers: len, sorted, sum, min, max, list, tuple,
set, dict and type.

Each handles the symbolic containers (`symbolic/lists.py`, `tuples.py`, `dicts.py`,
`sets.py`, `models/ranges.py`) and hands anything else to the model registered
before it for the same name (or the builtin), so areas stack without knowing each
other.  With cells (scalar elements), `sorted` is a sorting network, `sum` a sum of
ites, `min`/`max` an ite chain: no branch except Python's own check of an empty
argument.  `reversed`, `enumerate`, `zip`, `any` and `all` need no model: they
call the containers' own `__reversed__` and `__iter__`, which record their loop tests.
"""
from __future__ import annotations

import builtins

from smartest.models.registry import REGISTRY, register
from smartest.symbolic.dicts import SymDict, SymItemsView, SymKeysView, SymValuesView
from smartest.symbolic.ints import int_term, make_int
from smartest.symbolic.lists import SymList
from smartest.symbolic.seqs import ORDERED, SeqTerms
from smartest.symbolic.sequences import SymSequence, plain
from smartest.symbolic.sets import SymSet
from smartest.symbolic.tuples import SymTuple
from smartest.terms import build, const
from smartest.trace.recorder import record_branch

_SIZED = (SymList, SymTuple, SymDict, SymSet, SymKeysView, SymValuesView, SymItemsView)


def _previous(name: str):
    return REGISTRY.get(name, getattr(builtins, name))


def _cells_of(x):
    """(SeqTerms, plain values, (sort, etype, wrap)) of a container whose elements
    are cells, in an order no hash decides; None otherwise."""
    if isinstance(x, SymSequence) and x._cells is not None:
        return x._seq(), [plain(v) for v in x._storage()], (x._sort, x._etype, x._wrap)
    if isinstance(x, SymSet) and x._cells is not None and x._info is not None:
        return x._seq(), list(x._order), x._info
    d = x._mapping if isinstance(x, SymKeysView) else x if isinstance(x, SymDict) else None
    if d is not None and d._keys is not None and d._kinfo is not None:
        return SeqTerms(d._n, d._keys, d._kinfo[0]), list(dict.keys(d)), d._kinfo
    if isinstance(x, SymValuesView) and x._mapping._vals is not None and x._mapping._vinfo is not None:
        d = x._mapping
        return SeqTerms(d._n, d._vals, d._vinfo[0]), [plain(v) for v in dict.values(d)], d._vinfo
    return None


def _as_list(seq: SeqTerms, values: list, info) -> SymList:
    items = [info[2](v, c) for v, c in zip(values, seq.cells)]
    return SymList._make(items, seq.n, seq.cells, *info)


_len = _previous("len")


@register("len")
def len_(obj):
    if isinstance(obj, _SIZED) or type(obj).__name__ == "SymRange":
        return obj.sym_len()
    return _len(obj)


_sorted = _previous("sorted")


@register("sorted")
def sorted_(iterable, /, *, key=None, reverse=False):
    found = _cells_of(iterable) if key is None else None
    if found is not None and found[2][0] in ORDERED:
        seq, values, info = found
        descending = bool(plain(reverse))
        return _as_list(seq.sorted(descending), sorted(values, reverse=descending), info)
    return _sorted(iterable, key=key, reverse=reverse)


_sum = _previous("sum")


@register("sum")
def sum_(iterable, /, start=0):
    found = _cells_of(iterable)
    st = int_term(start)
    if found is not None and st is not None and found[2][1] in (int, bool):
        seq, values, _ = found
        return make_int(sum(values, plain(start)), seq.total(st))
    return _sum(iterable, start)


def _extreme(name: str, largest: bool):
    previous = _previous(name)
    empty = f"{name}() arg is an empty sequence"

    def model(*args, **kwargs):
        if len(args) == 1 and set(kwargs) <= {"default"}:
            found = _cells_of(args[0])
            if found is not None and found[2][0] in ORDERED:
                seq, values, info = found
                if not record_branch(build.not_(build.eq(seq.n, const(0))), bool(values)):
                    if "default" in kwargs:
                        return kwargs["default"]
                    raise ValueError(empty)
                best = max(values) if largest else min(values)
                return info[2](best, seq.extreme(largest))
        return previous(*args, **kwargs)

    model.__name__ = name
    return model


register("min")(_extreme("min", largest=False))
register("max")(_extreme("max", largest=True))

_list, _tuple, _set, _dict = _previous("list"), _previous("tuple"), _previous("set"), _previous("dict")


@register("list")
def list_(*args):
    if len(args) == 1:
        found = _cells_of(args[0])
        if found is not None and not isinstance(args[0], SymSet):
            return _as_list(*found)
    return _list(*args)


@register("tuple")
def tuple_(*args):
    if len(args) == 1:
        found = _cells_of(args[0])
        if found is not None and not isinstance(args[0], SymSet):
            seq, values, info = found
            items = [info[2](v, c) for v, c in zip(values, seq.cells)]
            return SymTuple._make(items, seq.n, seq.cells, *info)
    return _tuple(*args)


@register("set")
def set_(*args):
    """A set the target makes is symbolic too: `seen = set(); seen.add(x); y in seen`
    are terms, where a plain set would find `y` by hashing (a concretization)."""
    if len(args) > 1:
        return _set(*args)  # raises TypeError like CPython
    if args:
        found = _cells_of(args[0])
        if found is not None:
            seq, values, info = found
            out = SymSet._make([], const(0), (), info, True)
            for k, c in enumerate(seq.cells):
                out._add_if(seq.present(k), c, values[k] if k < len(values) else None, k < len(values))
            return out
    out = SymSet._make([], const(0), (), None, True)
    if args:
        out.update(args[0])
    return out


@register("dict")
def dict_(*args, **kwargs):
    """A dict the target makes with dict() is symbolic (see set_); `{}` is not."""
    if len(args) == 1 and not kwargs and isinstance(args[0], SymDict):
        return args[0].copy()
    if len(args) > 1:
        return _dict(*args, **kwargs)  # raises TypeError like CPython
    out = SymDict._make([], const(0), (), (), None, None, True)
    out.update(*args, **kwargs)
    return out


_type = _previous("type")
_PLAIN_TYPES = {SymList: list, SymTuple: tuple, SymDict: dict, SymSet: set}


@register("type")
def type_(*args):
    if len(args) == 1 and builtins.type(args[0]) in _PLAIN_TYPES:
        return _PLAIN_TYPES[builtins.type(args[0])]
    return _type(*args)
