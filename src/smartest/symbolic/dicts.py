"""SymDict: a `dict` subclass with a symbolic length and, for scalar keys, one key
term and one value term per position (positions follow insertion order, as a
dict's iteration does).

    d[k]        the branch `k in d` (else KeyError), then the value ite(key0 == k, val0, ...)
    k in d      (0 < len and key0 == k) or (1 < len and key1 == k) or ...
    d[k] = v    len becomes ite(k in d, len, len + 1); the matching (or the next
                free) position takes v
    for k in d  loop tests `j < len`, yielding key j

The keys of an input dict are distinct: an assumption on the path made when the
input is built (`choice.assume_at_input`).  The storage keeps plain keys, so C
lookups never call a proxy's `__eq__`; values are stored wrapped with their terms.
Keys that are not scalars (tuples, Enum members) are *opaque*: lookups are
concrete, exact when the keys were decided while the input was built (Enum
members) and recorded as a concretization otherwise.
"""
from __future__ import annotations

from collections.abc import ItemsView, KeysView, ValuesView
from typing import Any

from smartest.symbolic.bools import make_bool
from smartest.symbolic.ints import make_int
from smartest.symbolic.seqs import SeqTerms
from smartest.symbolic.sequences import comparable, pin_length, plain, scalar_info_of, term_of, text_in_c, unrecorded
from smartest.terms import Term, build, const
from smartest.trace.recorder import record_branch, record_concretization

_ZERO, _ONE = const(0), const(1)
_MISSING = object()


class SymDict(dict):
    """A concrete dict (plain keys), its length term, and its key/value cells."""

    __slots__ = ("_n", "_keys", "_vals", "_kinfo", "_vinfo", "_exact")
    __hash__ = None  # type: ignore[assignment]

    @classmethod
    def _make(cls, items: list[tuple[Any, Any]], n: Term, keys, vals, kinfo, vinfo, exact: bool) -> "SymDict":
        obj = cls()
        obj._n, obj._keys, obj._vals = n, keys, vals
        obj._kinfo, obj._vinfo, obj._exact = kinfo, vinfo, exact   # info: (sort, etype, wrap)
        with unrecorded():
            dict.update(obj, ((plain(k) if keys is not None else k, v) for k, v in items))
        obj._rewrap()
        return obj

    def __repr__(self) -> str:
        text_in_c(getattr(self, "_n", None), getattr(self, "_keys", None), "dict.__repr__")
        return dict.__repr__(self)

    # -- helpers ------------------------------------------------------------------
    def _size(self) -> int:
        return dict.__len__(self)

    def _plain_keys(self) -> list:
        return list(dict.__iter__(self))

    def _rewrap(self) -> None:
        if self._vals is not None and self._vinfo is not None:
            wrap = self._vinfo[2]
            for k, c in zip(self._plain_keys(), self._vals):
                dict.__setitem__(self, k, wrap(plain(dict.__getitem__(self, k)), c))

    def _key_at(self, j: int) -> Any:
        k = self._plain_keys()[j]
        return self._kinfo[2](k, self._keys[j]) if self._keys is not None else k

    def _present(self, j: int) -> Term:
        return build.lt(const(j), self._n)

    def _matches(self, kt: Term) -> list[Term]:
        return [build.and_(self._present(j), build.eq(c, kt)) for j, c in enumerate(self._keys)]

    def _key_term(self, key) -> Term | None | bool:
        if self._keys is None:
            return None
        return comparable(key, self._kinfo[0] if self._kinfo is not None else None)

    def _adopt(self, key, value) -> None:
        """A dict the target made learns its sorts from its first entry."""
        if self._kinfo is None and self._keys == ():
            self._kinfo = scalar_info_of(key)
            if self._kinfo is None:
                self._keys = None
        if self._vinfo is None and self._vals == ():
            self._vinfo = scalar_info_of(value)
            if self._vinfo is None:
                self._vals = None

    def _pin(self) -> None:
        if self._n.op != "const":
            self._n = pin_length(self._n, self._size())
            if self._keys is not None:
                self._keys = self._keys[:self._size()]
            if self._vals is not None:
                self._vals = self._vals[:self._size()]

    def _opaque_keys(self, why: str) -> None:
        """Keys fall back on hashing (a key of another type came in): the length and
        positions are pinned, each key becomes its proxy, and lookups from now on are
        concretizations."""
        self._pin()
        if self._keys is not None:
            items = [(self._key_at(j), dict.__getitem__(self, k)) for j, k in enumerate(self._plain_keys())]
            dict.clear(self)
            with unrecorded():
                dict.update(self, items)
            self._keys, self._vals, self._exact = None, None, False
        record_concretization(why)

    def _opaque_lookup(self) -> None:
        """A lookup by hashing: exact only if every key was decided when built."""
        self._pin()
        if not self._exact:
            record_concretization("dict lookup by hashing of keys that are not scalars")

    def _storable(self, v: Any) -> Term | None:
        if self._vals is None or self._vinfo is None or type(plain(v)) is not self._vinfo[1]:
            return None
        t = term_of(v)
        return t if t is not None and t.sort is self._vinfo[0] else None

    def _value_at_match(self, matches: list[Term], pos: int):
        """The value of the position whose key matched (found on this run at `pos`)."""
        value = dict.__getitem__(self, self._plain_keys()[pos])
        if self._vals is not None:
            out = self._vals[-1]
            for j in range(len(self._vals) - 2, -1, -1):
                out = build.ite(matches[j], self._vals[j], out)
            return self._vinfo[2](plain(value), out)
        for j in range(pos + 1):  # opaque values: fix which key matched (a chain, see pin_length)
            record_branch(matches[j], j == pos)
        return value

    # -- reading ----------------------------------------------------------------------
    def __len__(self) -> int:
        self._pin()
        return self._size()

    def sym_len(self):
        return make_int(self._size(), self._n)

    def __bool__(self) -> bool:
        return record_branch(build.not_(build.eq(self._n, _ZERO)), self._size() != 0)

    def __contains__(self, key) -> bool:
        kt = self._key_term(key)
        if kt is False:
            return False
        if kt is None:
            self._opaque_lookup()
            return dict.__contains__(self, key)
        return make_bool(dict.__contains__(self, plain(key)), build.or_(*self._matches(kt)))

    def __getitem__(self, key):
        kt = self._key_term(key)
        if kt is False:
            raise KeyError(plain(key))
        if kt is None:
            self._opaque_lookup()
            return dict.__getitem__(self, key)
        matches = self._matches(kt)
        pk = plain(key)
        if not record_branch(build.or_(*matches), dict.__contains__(self, pk)):
            raise KeyError(pk)
        return self._value_at_match(matches, self._plain_keys().index(pk))

    def get(self, key, default=None):
        kt = self._key_term(key)
        if kt is False:
            return default
        if kt is None:
            self._opaque_lookup()
            return dict.get(self, key, default)
        matches = self._matches(kt)
        pk = plain(key)
        found = dict.__contains__(self, pk)
        dt = self._storable(default)
        if self._vals is not None and dt is not None:
            out = dt
            for j in range(len(self._vals) - 1, -1, -1):
                out = build.ite(matches[j], self._vals[j], out)
            value = plain(dict.__getitem__(self, pk)) if found else plain(default)
            return self._vinfo[2](value, out)
        if not record_branch(build.or_(*matches), found):
            return default
        return self._value_at_match(matches, self._plain_keys().index(pk))

    def __iter__(self):
        j, size, n0 = 0, self._size(), self._n
        while True:
            # A change of size is an error, checked before the end as CPython's iterators
            # do; whether the size changed is a condition on the inputs (a new key or not).
            if not record_branch(build.eq(self._n, n0), self._size() == size):
                raise RuntimeError("dictionary changed size during iteration")
            if not record_branch(build.lt(const(j), self._n), j < size):
                return
            yield self._key_at(j)
            j += 1

    def __reversed__(self):
        self._pin()
        for j in range(self._size() - 1, -1, -1):
            yield self._key_at(j)

    def keys(self):
        return SymKeysView(self)

    def values(self):
        return SymValuesView(self)

    def items(self):
        return SymItemsView(self)

    def _item_at(self, j: int):
        k = self._plain_keys()[j]
        return self._key_at(j), dict.__getitem__(self, k)

    # -- writing ----------------------------------------------------------------------
    def _put(self, key, value, overwrite: bool):
        """d[key] = value (overwrite) or d.setdefault(key, value); returns d[key] after."""
        self._adopt(key, value)
        kt = self._key_term(key)
        if self._keys is not None and (kt is None or kt is False or type(plain(key)) is not self._kinfo[1]):
            self._opaque_keys("a dict key of another type than the others (lookups by hashing)")
            kt = None
        if kt is None:
            self._opaque_lookup()
            self._vals = None
            result = value if overwrite else dict.setdefault(self, key, value)
            if overwrite:
                dict.__setitem__(self, key, value)
            self._n = const(self._size())
            return result
        vt = self._storable(value)
        if vt is None:
            self._vals = None  # a value of another type (or opaque values): values stay concrete
        matches = self._matches(kt)
        found_t = build.or_(*matches)
        pk = plain(key)
        found = dict.__contains__(self, pk)
        result = value
        if self._vals is None and not record_branch(found_t, found):
            self._pin()  # opaque values: the new key's position must be the concrete one
        if not overwrite:
            if self._vals is not None:
                chosen = vt
                for j in range(len(self._vals) - 1, -1, -1):
                    chosen = build.ite(matches[j], self._vals[j], chosen)
                existing = dict.__getitem__(self, pk) if found else value
                result = self._vinfo[2](plain(existing), chosen)
            elif record_branch(found_t, found):
                result = self._value_at_match(matches, self._plain_keys().index(pk))
        fresh = [build.and_(build.not_(found_t), build.eq(self._n, const(j))) for j in range(len(self._keys))]
        self._keys = tuple(build.ite(f, kt, c) for f, c in zip(fresh, self._keys)) + (kt,)
        if self._vals is not None:
            take = [build.or_(m, f) if overwrite else f for m, f in zip(matches, fresh)]
            self._vals = tuple(build.ite(t, vt, c) for t, c in zip(take, self._vals)) + (vt,)
        self._n = build.ite(found_t, self._n, build.add(self._n, _ONE))
        if overwrite or not found:
            dict.__setitem__(self, pk, value)
        if self._n.op == "const":
            self._trim()
        self._rewrap()
        return result

    def _trim(self) -> None:
        size = self._n.value
        self._keys = self._keys[:size]
        if self._vals is not None:
            self._vals = self._vals[:size]

    def __setitem__(self, key, value) -> None:
        self._put(key, value, overwrite=True)

    def setdefault(self, key, default=None):
        return self._put(key, default, overwrite=False)

    def _remove(self, key, default=_MISSING):
        kt = self._key_term(key)
        if kt is False:
            if default is _MISSING:
                raise KeyError(plain(key))
            return default
        if kt is None:
            if self._keys is not None:
                self._opaque_keys("a dict key of another type than the others (lookups by hashing)")
            self._opaque_lookup()
            self._vals = None
            result = dict.pop(self, key) if default is _MISSING else dict.pop(self, key, default)
            self._n = const(self._size())
            return result
        matches = self._matches(kt)
        pk = plain(key)
        if not record_branch(build.or_(*matches), dict.__contains__(self, pk)):
            if default is _MISSING:
                raise KeyError(pk)
            return default
        pos = self._plain_keys().index(pk)
        value = self._value_at_match(matches, pos)
        where = SeqTerms(self._n, self._keys, self._kinfo[0]).index(kt)
        self._keys = SeqTerms(self._n, self._keys, self._kinfo[0]).delete(where).cells
        if self._vals is not None:
            self._vals = SeqTerms(self._n, self._vals, self._vinfo[0]).delete(where).cells
        self._n = build.sub(self._n, _ONE)
        dict.__delitem__(self, pk)
        self._rewrap()
        return value

    def __delitem__(self, key) -> None:
        self._remove(key)

    def pop(self, key, default=_MISSING):
        return self._remove(key, default)

    def popitem(self):
        if not record_branch(build.not_(build.eq(self._n, _ZERO)), self._size() != 0):
            raise KeyError("popitem(): dictionary is empty")
        if self._vals is None:
            self._pin()  # opaque values: which one is last depends on the length
        last = build.sub(self._n, _ONE)
        k = self._plain_keys()[-1]
        key = self._kinfo[2](k, SeqTerms(self._n, self._keys, self._kinfo[0]).select(last)) \
            if self._keys is not None else k
        value = dict.__getitem__(self, k)
        if self._vals is not None:
            value = self._vinfo[2](plain(value), SeqTerms(self._n, self._vals, self._vinfo[0]).select(last))
        dict.__delitem__(self, k)
        self._n = last
        return key, value

    def clear(self) -> None:
        dict.clear(self)
        self._n = _ZERO
        self._keys = () if self._keys is not None else None
        self._vals = () if self._vals is not None else None

    def update(self, other=(), **kwargs) -> None:
        pairs = other.items() if hasattr(other, "items") else other
        for k, v in pairs:
            self[k] = v
        for k, v in kwargs.items():
            self[k] = v

    def __ior__(self, other):
        self.update(other)
        return self

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        out = self.copy()
        out.update(other)
        return out

    def copy(self) -> "SymDict":
        return SymDict._make(list(dict.items(self)), self._n, self._keys, self._vals, self._kinfo, self._vinfo,
                             self._exact)

    __copy__ = copy

    def __eq__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        if self._keys is None or self._vals is None:
            self._pin()
            if not self._exact:
                record_concretization("dict comparison by hashing of keys that are not scalars")
            return dict.__eq__(self, other)
        if self._kinfo is None or self._vinfo is None:  # an empty dict the target made
            return make_bool(dict.__len__(other) == 0 if not isinstance(other, SymDict) else other._size() == 0,
                             build.eq(other._n, _ZERO) if isinstance(other, SymDict) else build.const(
                                 dict.__len__(other) == 0))
        theirs = [(comparable(k, self._kinfo[0]), comparable(v, self._vinfo[0])) for k, v in dict.items(other)]
        if isinstance(other, SymDict) or any(k is None or v is None for k, v in theirs):
            self._pin()
            if isinstance(other, SymDict):
                other._pin()
            record_concretization("dict comparison with a dict of another shape")
            return dict.__eq__(self, other)
        same = [build.eq(self._n, const(len(theirs)))]
        for j, (kc, vc) in enumerate(zip(self._keys, self._vals)):
            has = build.or_(*(build.and_(build.eq(kc, k), build.eq(vc, v)) for k, v in theirs
                              if k is not False and v is not False))
            same.append(build.or_(build.not_(self._present(j)), has))
        value = {k: plain(v) for k, v in dict.items(self)} == {plain(k): plain(v) for k, v in dict.items(other)}
        return make_bool(value, build.and_(*same))

    def __ne__(self, other):
        eq = self.__eq__(other)
        if eq is NotImplemented or isinstance(eq, bool):
            return eq if eq is NotImplemented else not eq
        return make_bool(not eq.value, build.not_(eq.term))

    @classmethod
    def fromkeys(cls, iterable, value=None):
        return dict.fromkeys(iterable, value)

    def __reduce_ex__(self, protocol):
        self._pin()
        return (dict, (dict(dict.items(self)),))


class _View:
    """What the three views share: length, iteration over positions, repr."""

    def __init__(self, d: SymDict) -> None:
        self._mapping = d

    def sym_len(self):
        return self._mapping.sym_len()

    def __len__(self) -> int:
        return len(self._mapping)

    def __iter__(self):
        d = self._mapping
        j, size, n0 = 0, d._size(), d._n
        while True:
            # A change of size is an error, checked before the end as CPython's iterators
            # do; whether the size changed is a condition on the inputs (a new key or not).
            if not record_branch(build.eq(d._n, n0), d._size() == size):
                raise RuntimeError("dictionary changed size during iteration")
            if not record_branch(build.lt(const(j), d._n), j < size):
                return
            yield self._at(j)
            j += 1

    def __repr__(self) -> str:
        return f"{self._name}({list(self._plain())!r})"


class SymKeysView(_View, KeysView):
    _name = "dict_keys"

    def _at(self, j):
        return self._mapping._key_at(j)

    def _plain(self):
        return dict.keys(self._mapping)

    def __contains__(self, key) -> bool:
        return key in self._mapping


class SymValuesView(_View, ValuesView):
    _name = "dict_values"

    def _at(self, j):
        return dict.__getitem__(self._mapping, self._mapping._plain_keys()[j])

    def _plain(self):
        return dict.values(self._mapping)

    def __contains__(self, value) -> bool:
        d = self._mapping
        if d._vals is not None:
            vt = comparable(value, d._vinfo[0] if d._vinfo is not None else None)
            if vt is False:
                return False
            if vt is not None:
                terms = [build.and_(d._present(j), build.eq(c, vt)) for j, c in enumerate(d._vals)]
                return make_bool(plain(value) in [plain(v) for v in dict.values(d)], build.or_(*terms))
        d._pin()
        return any(v == value for v in dict.values(d))


class SymItemsView(_View, ItemsView):
    _name = "dict_items"

    def _at(self, j):
        return self._mapping._item_at(j)

    def _plain(self):
        return dict.items(self._mapping)

    def __contains__(self, item) -> bool:
        key, value = item
        d = self._mapping
        if key not in d:
            return False
        return d[key] == value


SymDict.__name__ = SymDict.__qualname__ = "dict"  # as in CPython's messages (see lists.py)
