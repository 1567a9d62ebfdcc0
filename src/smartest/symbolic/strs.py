"""SymStr: a `str` subclass carrying a term in z3's theory of strings.

Indexing records the bound check as a branch (so an IndexError path can be
reached), iteration records the loop's end test, and methods without a model use
the concrete string and record a concretization.
"""
from __future__ import annotations

import sys

from smartest.symbolic.bools import make_bool
from smartest.symbolic.indexing import position, slice_bound
from smartest.symbolic.ints import SymInt, int_term
from smartest.symbolic import text_methods as M
from smartest.terms import Term, build, text, var
from smartest.terms.term import Sort
from smartest.trace.recorder import ACTIVE, record_concretization, record_text_in_c
from smartest.symbolic.upward import upper
from smartest.symbolic.attributes import plain_attributes

_ZERO = build.const(0)


def str_term(x) -> Term | None:
    t = type(x)
    if t is SymStr:
        return x.term
    if t is str:
        return build.const(x)
    if isinstance(x, SymStr):
        return x.term
    if isinstance(x, str):
        return build.const(str.__str__(x))
    return None


def make_str(value: str, term: Term):
    if term.op == "const":
        return str(term.value)
    obj = str.__new__(SymStr, value)
    obj.term = term
    return obj


def _branch(term: Term, taken: bool, depth: int = 2) -> bool:
    rec = ACTIVE.get()
    if rec is not None:
        rec.branch(term, taken, sys._getframe(depth))
    return taken


def _plain(x):
    return str.__str__(x) if isinstance(x, SymStr) else x


class SymStr(M.TextComparisons, str):
    """A concrete str and the term it stands for."""

    term: Term

    def __hash__(self) -> int:
        record_concretization("symbolic str used as a key of a plain dict or set (lookup by hash)")
        return str.__hash__(self)

    def __repr__(self) -> str:
        record_text_in_c("str.__repr__")
        return str.__repr__(self)

    def __str__(self) -> str:
        return self

    def __bool__(self) -> bool:
        return _branch(build.not_(build.eq(build.length(self.term), _ZERO)), str.__len__(self) != 0)

    # indexing -----------------------------------------------------------
    def __getitem__(self, key):
        if isinstance(key, slice):
            return self._slice(key)
        k = int_term(key)
        if k is None:
            return str.__getitem__(self, key)
        n = build.length(self.term)
        found = position(n, str.__len__(self), key, k)
        if found is None:
            return str.__getitem__(str.__str__(self), int.__int__(key))  # raises IndexError
        pos, pos_term = found
        return make_str(str.__getitem__(self, pos), build.at(self.term, pos_term))

    def _slice(self, key: slice):
        if key.step == -1 and key.start is None and key.stop is None:
            return make_str(str.__str__(self)[::-1], text.reverse(self.term))
        if key.step not in (None, 1):
            record_concretization("slice with a step")
            return str.__getitem__(str.__str__(self), _concrete_slice(key))
        n = build.length(self.term)
        start_t = slice_bound(key.start, n, _ZERO)
        stop_t = slice_bound(key.stop, n, n)
        if start_t is None or stop_t is None:
            return str.__getitem__(str.__str__(self), _concrete_slice(key))
        value = str.__getitem__(str.__str__(self), _concrete_slice(key))
        count = build.sub(stop_t, start_t)
        count = build.ite(build.lt(count, _ZERO), _ZERO, count)
        return make_str(value, build.substr(self.term, start_t, count))

    def __iter__(self):
        n = build.length(self.term)
        size = str.__len__(self)
        i = 0
        while _branch(build.lt(build.const(i), n), i < size):
            yield make_str(str.__getitem__(self, i), build.at(self.term, build.const(i)))
            i += 1

    def __reversed__(self):
        # Without it C's reversed() reads the length through the sequence protocol and
        # no test of it is recorded: a loop `for c in reversed(s)` (stdnum's luhn) ran
        # as many times as the length said, and a new length left its predicted path.
        n = build.length(self.term)
        size = str.__len__(self)
        i = 0
        while _branch(build.lt(build.const(i), n), i < size):
            yield make_str(str.__getitem__(self, size - 1 - i), build.at(self.term, build.sub(n, build.const(i + 1))))
            i += 1

    # operators ----------------------------------------------------------
    def __add__(self, other):
        o = str_term(other)
        if o is None:
            return str.__add__(self, other)
        return make_str(str.__add__(str.__str__(self), _plain(other)), build.concat(self.term, o))

    def __radd__(self, other):
        o = str_term(other)
        if o is None:
            return NotImplemented
        return make_str(_plain(other) + str.__str__(self), build.concat(o, self.term))

    def __mul__(self, count):
        c = int_term(count)
        if c is None:
            return str.__mul__(self, count)
        if c.op != "const":
            record_concretization("string repeated a symbolic number of times")
        out = ""
        for _ in range(int.__int__(count)):
            out = out + self
        return out

    __rmul__ = __mul__

    def __contains__(self, sub) -> bool:
        o = str_term(sub)
        if o is None:
            return str.__contains__(self, sub)
        return make_bool(str.__contains__(str.__str__(self), _plain(sub)), build.contains(self.term, o))

    def _compare(self, other, concrete, op):
        o = str_term(other)
        if o is None:
            return getattr(str, concrete)(self, other)
        return make_bool(getattr(str, concrete)(str.__str__(self), _plain(other)), op(self.term, o))

    # methods with a model ----------------------------------------------------
    def startswith(self, prefix, start=None, end=None):
        if start is not None or end is not None:
            return self[start:end].startswith(prefix) if isinstance(self[start:end], SymStr) \
                else str.startswith(str.__str__(self), prefix, start, end)
        return self._affix(prefix, build.prefixof, str.startswith)

    def endswith(self, suffix, start=None, end=None):
        if start is not None or end is not None:
            part = self[start:end]
            return part.endswith(suffix) if isinstance(part, SymStr) else part.endswith(suffix)
        return self._affix(suffix, build.suffixof, str.endswith)

    def _affix(self, affix, op, concrete):
        options = affix if isinstance(affix, tuple) else (affix,)
        terms = [str_term(a) for a in options]
        if any(t is None for t in terms):
            return concrete(str.__str__(self), affix)  # raises TypeError like CPython
        value = concrete(str.__str__(self), tuple(_plain(a) for a in options))
        return make_bool(value, build.or_(*(op(t, self.term) for t in terms)))

    def __format__(self, spec: str) -> str:
        return upper("format_value")(self, spec)

    def __mod__(self, args):
        record_concretization("%-formatting with a symbolic template")
        return str.__mod__(str.__str__(self), _realized(args))

    def __rmod__(self, template):
        if type(template) is not str:
            return NotImplemented
        return upper("percent")(template, self)


def _realized(x):
    return upper("realize")(x)


def _concrete_slice(key: slice) -> slice:
    def c(x):
        return int.__int__(x) if isinstance(x, SymInt) else x
    return slice(c(key.start), c(key.stop), c(key.step))


def _concretizing(name: str):
    method = getattr(str, name)

    def op(self, *args, **kwargs):
        record_concretization(f"str.{name} has no symbolic model", callee=f"str.{name}")
        return method(str.__str__(self), *[_plain(a) for a in args], **kwargs)

    op.__name__ = name
    return op


STR = M.Flavor(str, str_term, make_str, text.WHITESPACE)
_MODELS = M.shared_models(STR, text.CLASSES)
_MODELS.update({
    "partition": lambda s, sep: M.partition(STR, s, sep),
    "rpartition": lambda s, sep: M.partition(STR, s, sep, True),
    "removeprefix": lambda s, p: M.affix_removed(STR, s, p, False),
    "removesuffix": lambda s, p: M.affix_removed(STR, s, p, True),
    "ljust": lambda s, width, fill=" ": M.pad(STR, s, width, fill, "ljust"),
    "rjust": lambda s, width, fill=" ": M.pad(STR, s, width, fill, "rjust"),
    "center": lambda s, width, fill=" ": M.pad(STR, s, width, fill, "center"),
    "zfill": lambda s, width: M.pad(STR, s, width, "0", "zfill"),
})
for _name, _fn in _MODELS.items():
    _fn.__name__ = _name
    setattr(SymStr, _name, _fn)
for _name in dir(str):
    if _name.startswith("_") or _name in SymStr.__dict__:
        continue
    setattr(SymStr, _name, _concretizing(_name))


def new_str_input(name: str, value: str) -> SymStr:
    obj = str.__new__(SymStr, value)
    obj.term = var(name, Sort.STR)
    return obj

plain_attributes(SymStr, str, ("term",))   # see symbolic/attributes.py
