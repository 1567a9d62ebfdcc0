"""Kinds for containers: `list[T]`, `tuple[A, B]`, `tuple[T, ...]`, `dict[K, V]`,
`set[T]` (and bare `list`/`dict`/`tuple`/`set`, `typing.List`..., `Sequence[T]`,
`Mapping[K, V]`), bounded by `--max-len`.

A list input `xs` is the variable `xs.len` (0 <= xs.len <= max_len) and an input
per possible position, `xs[0] .. xs[max_len-1]`, each of the element's kind; a
dict is `d.len`, `d.keys[k]` and `d.values[k]`; a fixed tuple `t[0]`, `t[1]`...
The run receives a SymList / SymTuple / SymDict / SymSet whose cells are those
variables when the elements are scalars.  Elements whose building decides
something (Optional, records) are built in a loop that records `k < len`
(`choice.building_loop`), so the length is decided first, the same way on every run.
"""
from __future__ import annotations

import collections.abc as abc
import typing
from typing import Any

from smartest.symbolic import choice
from smartest.symbolic.dicts import SymDict
from smartest.symbolic.inputs import INT, MAX_NESTING, MISSING, default_of, register_resolver
from smartest.symbolic.kinds_choice import ChoiceKind, ConstKind, LiteralKind
from smartest.symbolic.lists import SymList
from smartest.symbolic.recipes import materialize
from smartest.symbolic.seqs import CELL_SORTS
from smartest.symbolic.sets import SymSet
from smartest.symbolic.tuples import SymTuple
from smartest.terms import Term, build, const, var
from smartest.terms.term import Sort

DEFAULT_MAX_LEN = 4


def scalar_info(kind: Any) -> tuple | None:
    """(sort, Python type, wrap) when the kind's values can live in cells, else None."""
    base = kind.base if isinstance(kind, LiteralKind) else kind
    sort, wrap = getattr(base, "sort", None), getattr(base, "wrap", None)
    types = getattr(base, "types", ())
    if sort not in CELL_SORTS or wrap is None or len(types) != 1:
        return None
    return sort, types[0], wrap


def decided(kind: Any) -> bool:
    """Values fully decided while the input is built (None, Enum members): equality
    and hashing of such values are exact without terms."""
    if isinstance(kind, ConstKind):
        return True
    return isinstance(kind, ChoiceKind) and all(decided(a) for a in kind.alternatives)


def identity(kind: Any, name: str) -> Term | None:
    """A term equal for two values of `kind` iff the values are equal: the variable
    of a scalar, the choice variable of an Enum (or of None-or-constants)."""
    info = scalar_info(kind)
    if info is not None:
        return var(name, info[0])
    if isinstance(kind, ChoiceKind) and decided(kind):
        return var(f"{name}.choice", Sort.INT)
    return None


def finite_count(kind: Any) -> int | None:
    """How many distinct values the kind has, if finitely many (a set of an Enum
    holds at most that many elements)."""
    if isinstance(kind, ConstKind):
        return 1
    if isinstance(kind, LiteralKind):
        return len(kind.values)
    if isinstance(kind, ChoiceKind) and decided(kind):
        return len(kind.alternatives)
    if getattr(kind, "sort", None) is Sort.BOOL and scalar_info(kind) is not None:
        return 2
    return None


def distinct(cells: tuple[Term, ...], n: Term) -> Term:
    """Present cells hold pairwise different values."""
    return build.and_(*(build.or_(build.not_(build.lt(const(j), n)), build.not_(build.eq(cells[i], cells[j])))
                        for j in range(len(cells)) for i in range(j)))


class _Bounded:
    """What every container kind shares: the --max-len bound and the length variable."""

    sort = None
    max_len = DEFAULT_MAX_LEN

    def bind(self, options, seen) -> None:
        if id(self) not in seen:
            seen.add(id(self))
            self.max_len = options.max_len
            for k in self._parts():
                k.bind(options, seen)

    def _cap(self, depth: int) -> int:
        return self.max_len if depth < MAX_NESTING else 0

    def _length(self, name: str, depth: int):
        n = var(f"{name}.len", Sort.INT)
        return n, build.and_(build.le(const(0), n), build.le(n, const(self._cap(depth))))

    def _new_length(self, name: str, old: int, values, depth: int) -> int:
        n = values.get(f"{name}.len", MISSING)
        return old if n is MISSING else max(0, min(int(n), self._cap(depth)))

    def materialize(self, value):
        return materialize(value)

    def draw(self, rng, options):
        return self.sample(rng, options, 0)


class _SequenceKind(_Bounded):
    """list[T] and tuple[T, ...]: `make` is the proxy class, `plain` the value type."""

    make: type = SymList
    plain: type = list

    def __init__(self, elem: Any) -> None:
        self.elem = elem
        self.name = f"{self.plain.__name__}[{elem.name}]"

    def _parts(self):
        return (self.elem,)

    @property
    def decisive(self) -> bool:
        return self.elem.decisive

    def sample(self, rng, options, depth):
        size = rng.randint(0, self._cap(depth))
        return self.plain(self.elem.sample(rng, options, depth + 1) for _ in range(size))

    def proxy(self, name: str, value):
        items = list(value)
        n: Term = var(f"{name}.len", Sort.INT)
        if self.elem.decisive:
            choice.building_loop(name, n, len(items))
            n = const(len(items))  # the loop tests decided it
        proxies = [self.elem.proxy(f"{name}[{k}]", v) for k, v in enumerate(items)]
        info = scalar_info(self.elem)
        if info is None:
            return self.make._make(proxies, n, None, None, None, None)
        cells = tuple(var(f"{name}[{k}]", info[0]) for k in range(max(self.max_len, len(items))))
        return self.make._make(proxies, n, cells, *info)

    def variables(self, name, options, depth):
        yield self._length(name, depth)
        for k in range(self._cap(depth)):
            yield from self.elem.variables(f"{name}[{k}]", options, depth + 1)

    def flatten(self, name, value):
        yield f"{name}.len", len(value)
        for k, v in enumerate(value):
            yield from self.elem.flatten(f"{name}[{k}]", v)

    def rebuild(self, name, value, values, options, depth):
        old = list(value)
        size = self._new_length(name, len(old), values, depth)
        out = []
        for k in range(size):
            base = old[k] if k < len(old) else default_of(self.elem, options, depth + 1)
            out.append(self.elem.rebuild(f"{name}[{k}]", base, values, options, depth + 1))
        return self.plain(out)

    def accepts(self, value) -> bool:
        return type(value) is self.plain and all(self.elem.accepts(v) for v in value)


class ListKind(_SequenceKind):
    make, plain = SymList, list


class VarTupleKind(_SequenceKind):
    make, plain = SymTuple, tuple

    def __init__(self, elem: Any) -> None:
        super().__init__(elem)
        self.name = f"tuple[{elem.name}, ...]"


class TupleKind(_Bounded):
    """tuple[A, B, ...] of a fixed length: one input per position."""

    def __init__(self, elems: list) -> None:
        self.elems = elems
        self.name = "tuple[" + ", ".join(e.name for e in elems) + "]" if elems else "tuple[()]"

    def _parts(self):
        return self.elems

    @property
    def decisive(self) -> bool:
        return any(e.decisive for e in self.elems)

    def sample(self, rng, options, depth):
        return tuple(e.sample(rng, options, depth + 1) for e in self.elems)

    def proxy(self, name, value):
        proxies = [e.proxy(f"{name}[{k}]", v) for k, (e, v) in enumerate(zip(self.elems, value))]
        infos = [scalar_info(e) for e in self.elems]
        n = const(len(proxies))
        if not infos or any(i is None for i in infos) or len({i[:2] for i in infos}) != 1:
            return SymTuple._make(proxies, n, None, None, None, None)
        cells = tuple(var(f"{name}[{k}]", infos[0][0]) for k in range(len(proxies)))
        return SymTuple._make(proxies, n, cells, *infos[0])

    def variables(self, name, options, depth):
        for k, e in enumerate(self.elems):
            yield from e.variables(f"{name}[{k}]", options, depth + 1)

    def flatten(self, name, value):
        for k, (e, v) in enumerate(zip(self.elems, value)):
            yield from e.flatten(f"{name}[{k}]", v)

    def rebuild(self, name, value, values, options, depth):
        return tuple(e.rebuild(f"{name}[{k}]", v, values, options, depth + 1)
                     for k, (e, v) in enumerate(zip(self.elems, value)))

    def accepts(self, value) -> bool:
        return type(value) is tuple and len(value) == len(self.elems) and \
            all(e.accepts(v) for e, v in zip(self.elems, value))


class SetKind(_Bounded):
    """set[T]: distinct elements (an assumption on the path when built)."""

    def __init__(self, elem: Any) -> None:
        self.elem = elem
        self.name = f"set[{elem.name}]"

    def _cap(self, depth: int) -> int:
        count = finite_count(self.elem)
        cap = super()._cap(depth)
        return cap if count is None else min(cap, count)

    def _parts(self):
        return (self.elem,)

    @property
    def decisive(self) -> bool:
        return self.elem.decisive

    def sample(self, rng, options, depth):
        out = []
        for _ in range(rng.randint(0, self._cap(depth))):
            v = self.elem.sample(rng, options, depth + 1)
            if v not in out:
                out.append(v)
        return set(out)

    def proxy(self, name, value):
        items = list(value)
        n: Term = var(f"{name}.len", Sort.INT)
        ids = [identity(self.elem, f"{name}[{k}]") for k in range(max(self.max_len, len(items)))]
        if all(i is not None for i in ids):  # first: every later decision has it in its prefix
            choice.assume_at_input(name, distinct(tuple(ids), n))
        if self.elem.decisive:
            choice.building_loop(name, n, len(items))
            n = const(len(items))
        proxies = [self.elem.proxy(f"{name}[{k}]", v) for k, v in enumerate(items)]
        info = scalar_info(self.elem)
        if info is None:
            return SymSet._make(proxies, n, None, None, decided(self.elem))
        return SymSet._make(proxies, n, tuple(ids), info, True)

    def variables(self, name, options, depth):
        yield self._length(name, depth)
        for k in range(self._cap(depth)):
            yield from self.elem.variables(f"{name}[{k}]", options, depth + 1)

    def flatten(self, name, value):
        yield f"{name}.len", len(value)
        for k, v in enumerate(value):
            yield from self.elem.flatten(f"{name}[{k}]", v)

    def rebuild(self, name, value, values, options, depth):
        old = list(value)
        size = self._new_length(name, len(old), values, depth)
        out = []
        for k in range(size):
            base = old[k] if k < len(old) else default_of(self.elem, options, depth + 1)
            v = self.elem.rebuild(f"{name}[{k}]", base, values, options, depth + 1)
            if v not in out:
                out.append(v)
        return set(out)

    def accepts(self, value) -> bool:
        return type(value) is set and all(self.elem.accepts(v) for v in value)


class DictKind(_Bounded):
    """dict[K, V]: `d.len`, keys `d.keys[k]` (distinct) and values `d.values[k]`."""

    def __init__(self, key: Any, value: Any) -> None:
        self.key, self.value = key, value
        self.name = f"dict[{key.name}, {value.name}]"

    def _cap(self, depth: int) -> int:
        count = finite_count(self.key)
        cap = super()._cap(depth)
        return cap if count is None else min(cap, count)

    def _parts(self):
        return (self.key, self.value)

    @property
    def decisive(self) -> bool:
        return self.key.decisive or self.value.decisive

    def sample(self, rng, options, depth):
        out = {}
        for _ in range(rng.randint(0, self._cap(depth))):
            k = self.key.sample(rng, options, depth + 1)
            if k not in out:
                out[k] = self.value.sample(rng, options, depth + 1)
        return out

    def proxy(self, name, value):
        items = list(value.items())
        n: Term = var(f"{name}.len", Sort.INT)
        cap = max(self.max_len, len(items))
        ids = [identity(self.key, f"{name}.keys[{k}]") for k in range(cap)]
        if all(i is not None for i in ids):  # first: every later decision has it in its prefix
            choice.assume_at_input(name, distinct(tuple(ids), n))
        if self.decisive:
            choice.building_loop(name, n, len(items))
            n = const(len(items))
        pairs = [(self.key.proxy(f"{name}.keys[{k}]", kv), self.value.proxy(f"{name}.values[{k}]", vv))
                 for k, (kv, vv) in enumerate(items)]
        kinfo, vinfo = scalar_info(self.key), scalar_info(self.value)
        keys = vals = None
        if kinfo is not None:
            keys = tuple(ids)
        if vinfo is not None:
            vals = tuple(var(f"{name}.values[{k}]", vinfo[0]) for k in range(cap))
        return SymDict._make(pairs, n, keys, vals, kinfo, vinfo, decided(self.key))

    def variables(self, name, options, depth):
        yield self._length(name, depth)
        for k in range(self._cap(depth)):
            yield from self.key.variables(f"{name}.keys[{k}]", options, depth + 1)
            yield from self.value.variables(f"{name}.values[{k}]", options, depth + 1)

    def flatten(self, name, value):
        yield f"{name}.len", len(value)
        for k, (kv, vv) in enumerate(value.items()):
            yield from self.key.flatten(f"{name}.keys[{k}]", kv)
            yield from self.value.flatten(f"{name}.values[{k}]", vv)

    def rebuild(self, name, value, values, options, depth):
        old = list(value.items())
        size = self._new_length(name, len(old), values, depth)
        out = {}
        for k in range(size):
            kv, vv = old[k] if k < len(old) else (default_of(self.key, options, depth + 1),
                                                   default_of(self.value, options, depth + 1))
            key = self.key.rebuild(f"{name}.keys[{k}]", kv, values, options, depth + 1)
            if key not in out:
                out[key] = self.value.rebuild(f"{name}.values[{k}]", vv, values, options, depth + 1)
        return out

    def accepts(self, value) -> bool:
        return type(value) is dict and all(self.key.accepts(k) and self.value.accepts(v) for k, v in value.items())


# -- resolver ------------------------------------------------------------------------------

_LISTS = (list, abc.Sequence, abc.MutableSequence, abc.Iterable, abc.Collection)
_DICTS = (dict, abc.Mapping, abc.MutableMapping)
_SETS = (set, abc.Set, abc.MutableSet)


def _resolve(annotation: Any, kind_for) -> Any:
    origin = typing.get_origin(annotation) or annotation
    args = typing.get_args(annotation)
    if not isinstance(origin, type):
        return None
    if origin is tuple:
        if not args:
            return VarTupleKind(INT) if annotation in (tuple, typing.Tuple) else TupleKind([])
        if len(args) == 2 and args[1] is Ellipsis:
            elem = kind_for(args[0])
            return None if elem is None else VarTupleKind(elem)
        if args == ((),):
            return TupleKind([])
        elems = [kind_for(a) for a in args]
        return None if any(e is None for e in elems) else TupleKind(elems)
    if origin in _LISTS or origin in _SETS:
        elem = kind_for(args[0]) if args else INT
        if elem is None:
            return None
        return SetKind(elem) if origin in _SETS else ListKind(elem)
    if origin in _DICTS:
        key, value = (kind_for(args[0]), kind_for(args[1])) if len(args) == 2 else (INT, INT)
        return None if key is None or value is None else DictKind(key, value)
    return None


register_resolver(_resolve)
