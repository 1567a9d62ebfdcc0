"""Models of str (and bytes) methods, for a symbolic receiver or a plain one with
symbolic arguments (`",".join(parts)`, reached through the source rewrite).

Every function computes the concrete result with the real method and builds the term
beside it, so a run behaves exactly as under CPython; an argument the model does not
cover (a symbolic count, an unusual type) falls back on the real method, recording a
concretization when a proxy was involved.  Operations whose result has a
data-dependent *shape* record the decisions that fix it, as a loop records its test:
`split` records, for each separator found, that it was found, so the number of parts
is explored like any branch.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, Callable

from smartest.symbolic.bools import make_bool
from smartest.symbolic.indexing import slice_bound
from smartest.symbolic.ints import SymInt, int_term, make_int
from smartest.terms import Term, build, text as T
from smartest.trace.recorder import ACTIVE, record_concretization
from smartest.symbolic.upward import upper

_ZERO = build.const(0)


@dataclass(frozen=True)
class Flavor:
    """What the models need to know of str or bytes."""

    base: type                              # str or bytes
    term_of: Callable[[Any], Term | None]   # a proxy's term, a constant's term, or None
    make: Callable[[Any, Term], Any]        # a proxy (or the plain value for a constant term)
    whitespace: Any                         # what split()/strip() treat as space


def branch(term: Term, taken: bool) -> bool:
    rec = ACTIVE.get()
    if rec is not None:
        rec.branch(term, taken, sys._getframe(1))
    return taken


def plain(x):
    """The plain value of a proxy (str, bytes, int), or x itself."""
    t = type(x)
    if t.__module__.startswith("smartest.symbolic"):
        return upper("realize")(x)
    return x


def _fallback(fl: Flavor, s, name: str, *args):
    if any(getattr(a, "term", None) is not None for a in (s, *args)):
        record_concretization(f"{fl.base.__name__}.{name} with these arguments has no symbolic model")
    return getattr(fl.base, name)(plain(s), *(plain(a) for a in args))


def case(fl: Flavor, s, op: str):
    return fl.make(getattr(fl.base, op)(plain(s)), T.case(op, fl.term_of(s)))


def char_class(fl: Flavor, s, op: str):
    return make_bool(getattr(fl.base, op)(plain(s)), T.char_class(op, fl.term_of(s)))


def _chars(fl: Flavor, chars):
    """The term of a strip/split `chars` argument, or None if it is not the right type."""
    if chars is None:
        return fl.term_of(fl.whitespace)
    return fl.term_of(chars)


def strip(fl: Flavor, s, chars=None, which: str = "strip"):
    c = _chars(fl, chars)
    if c is None:
        return _fallback(fl, s, which, chars)  # raises TypeError like CPython
    value = getattr(fl.base, which)(plain(s), plain(chars))
    st = fl.term_of(s)
    n = build.length(st)
    start = T.skip(st, _ZERO, c) if which in ("strip", "lstrip") else _ZERO
    end = T.rskip(st, n, c) if which in ("strip", "rstrip") else n
    size = build.sub(end, start)
    return fl.make(value, build.substr(st, start, build.ite(build.lt(size, _ZERO), _ZERO, size)))


def _piece(fl: Flavor, st: Term, start: Term, stop: Term, value):
    size = build.sub(stop, start)
    return fl.make(value, build.substr(st, start, build.ite(build.lt(size, _ZERO), _ZERO, size)))


def split(fl: Flavor, s, sep=None, maxsplit=-1):
    """str.split: the number of parts is decided by recorded branches (one per search
    for the next separator), the parts are substrings of the receiver."""
    if int_term(maxsplit) is None or (sep is not None and fl.term_of(sep) is None):
        return _fallback(fl, s, "split", sep, maxsplit)
    if type(maxsplit) is SymInt:
        record_concretization("split with a symbolic maxsplit")
    limit = int(plain(maxsplit))
    text, st = plain(s), fl.term_of(s)
    n, size = build.length(st), len(text)
    parts = []
    if sep is None:
        ws, spaces = fl.term_of(fl.whitespace), fl.whitespace
        pos_t, pos = T.skip(st, _ZERO, ws), _scan(text, 0, spaces, True)
        while branch(build.lt(pos_t, n), pos < size):
            if 0 <= limit == len(parts):
                parts.append(_piece(fl, st, pos_t, n, text[pos:]))
                return parts
            end_t, end = T.seek(st, pos_t, ws), _scan(text, pos, spaces, False)
            parts.append(_piece(fl, st, pos_t, end_t, text[pos:end]))
            pos_t, pos = T.skip(st, end_t, ws), _scan(text, end, spaces, True)
        return parts
    sep_v, sep_t = plain(sep), fl.term_of(sep)
    if sep_t.op != "const":
        branch(build.not_(build.eq(build.length(sep_t), _ZERO)), len(sep_v) != 0)
    if not sep_v:
        return fl.base.split(text, sep_v)  # raises ValueError: empty separator
    pos_t, pos = _ZERO, 0
    while True:
        found = text.find(sep_v, pos)
        found_t = build.find(st, sep_t, pos_t)
        if (limit < 0 or len(parts) < limit) and branch(build.not_(build.eq(found_t, build.const(-1))), found != -1):
            parts.append(_piece(fl, st, pos_t, found_t, text[pos:found]))
            pos_t, pos = build.add(found_t, build.length(sep_t)), found + len(sep_v)
            continue
        parts.append(_piece(fl, st, pos_t, n, text[pos:]))
        return parts


def _scan(text, i: int, chars, inside: bool) -> int:
    """The first index >= i whose character is (inside=False) / is not (True) in chars."""
    while i < len(text) and (text[i:i + 1] in chars) == inside:
        i += 1
    return i


def count(fl: Flavor, s, sub, start=None, end=None):
    t = fl.term_of(sub)
    if t is None or any(b is not None and int_term(b) is None for b in (start, end)):
        return _fallback(fl, s, "count", sub, start, end)
    value = fl.base.count(plain(s), plain(sub), plain(start), plain(end))
    if start is None and end is None:
        return make_int(value, T.count(fl.term_of(s), t))
    part = s[start:end]
    if not hasattr(part, "term"):
        return _fallback(fl, s, "count", sub, start, end)
    # A start past the end counts nothing, not even the empty string.
    return make_int(value, build.ite(_past_end(fl, s, start), _ZERO, T.count(part.term, t)))


def _past_end(fl: Flavor, s, start) -> Term:
    n = build.length(fl.term_of(s))
    raw = int_term(start) if start is not None else _ZERO
    raw = build.ite(build.lt(raw, _ZERO), build.add(n, raw), raw)
    return build.lt(n, raw)


def replace(fl: Flavor, s, old, new, n=-1):
    o, w, k = fl.term_of(old), fl.term_of(new), int_term(n)
    if o is None or w is None or k is None or k.op != "const":
        return _fallback(fl, s, "replace", old, new, n)
    value = fl.base.replace(plain(s), plain(old), plain(new), plain(n))
    return fl.make(value, T.replace(fl.term_of(s), o, w, build.const(k.value)))


def find(fl: Flavor, s, sub, start=None, end=None, reverse: bool = False):
    """find/rfind with optional bounds: searched in the slice, shifted back."""
    t = fl.term_of(sub)
    name = "rfind" if reverse else "find"
    if t is None or any(b is not None and int_term(b) is None for b in (start, end)):
        return _fallback(fl, s, name, sub, start, end)
    value = getattr(fl.base, name)(plain(s), plain(sub), plain(start), plain(end))
    st = fl.term_of(s)
    if start is None and end is None:
        return make_int(value, (T.rfind if reverse else lambda a, b: build.find(a, b, _ZERO))(st, t))
    part = s[start:end]
    if not hasattr(part, "term"):
        return _fallback(fl, s, name, sub, start, end)
    inner = (T.rfind if reverse else lambda a, b: build.find(a, b, _ZERO))(part.term, t)
    n = build.length(st)
    first = slice_bound(start, n, _ZERO)
    missing = build.or_(build.eq(inner, build.const(-1)), _past_end(fl, s, start))
    return make_int(value, build.ite(missing, build.const(-1), build.add(inner, first)))


def index(fl: Flavor, s, sub, start=None, end=None, reverse: bool = False):
    i = find(fl, s, sub, start, end, reverse)
    if type(i) is SymInt:
        branch(build.not_(build.eq(i.term, build.const(-1))), int.__int__(i) != -1)
    if i == -1:
        return getattr(fl.base, "rindex" if reverse else "index")(plain(s), plain(sub), plain(start), plain(end))
    return i


def join(fl: Flavor, sep, iterable):
    items = list(iterable)
    terms = [fl.term_of(x) for x in items]
    sep_t = fl.term_of(sep)
    if sep_t is None or any(t is None for t in terms):
        return fl.base.join(plain(sep), [plain(x) for x in items])  # raises TypeError like CPython
    value = fl.base.join(plain(sep), [plain(x) for x in items])
    out = build.const(fl.base())
    for i, t in enumerate(terms):
        out = build.concat(out, t) if i == 0 else build.concat(build.concat(out, sep_t), t)
    return fl.make(value, out)


def partition(fl: Flavor, s, sep, reverse: bool = False):
    t = fl.term_of(sep)
    if t is None:
        return _fallback(fl, s, "rpartition" if reverse else "partition", sep)
    if not plain(sep):
        return getattr(fl.base, "partition")(plain(s), plain(sep))  # raises ValueError
    i = find(fl, s, sep, reverse=reverse)
    hit = int(plain(i)) != -1
    if type(i) is SymInt:
        branch(build.not_(build.eq(i.term, build.const(-1))), hit)
    empty = fl.base()
    if not hit:
        return (empty, empty, s) if reverse else (s, empty, empty)
    after = i + (len(plain(sep)) if fl.term_of(sep).op == "const" else _length(fl, sep))
    return s[:i], sep, s[after:]


def _length(fl: Flavor, x):
    return make_int(len(plain(x)), build.length(fl.term_of(x)))


def affix_removed(fl: Flavor, s, affix, suffix: bool):
    name = "removesuffix" if suffix else "removeprefix"
    t = fl.term_of(affix)
    if t is None:
        return _fallback(fl, s, name, affix)
    has = (s.endswith(affix) if suffix else s.startswith(affix)) if hasattr(s, "term") else \
        (plain(s).endswith(plain(affix)) if suffix else plain(s).startswith(plain(affix)))
    if not has or not plain(affix):
        return s
    k = _length(fl, affix)
    return s[:len(plain(s)) - len(plain(affix))] if suffix and t.op == "const" else \
        (s[:_length(fl, s) - k] if suffix else s[k:])


def pad(fl: Flavor, s, width, fill=" ", how: str = "ljust"):
    """ljust/rjust/center/zfill with a concrete width and fill."""
    if int_term(width) is None or int_term(width).op != "const" or not isinstance(plain(fill), fl.base) \
            or hasattr(fill, "term"):
        return _fallback(fl, s, how, *((width,) if how == "zfill" else (width, fill)))
    w = int(plain(width))
    value = getattr(fl.base, how)(plain(s), w) if how == "zfill" else getattr(fl.base, how)(plain(s), w, fill)
    st = fl.term_of(s)
    n = build.length(st)
    missing = build.ite(build.lt(n, build.const(w)), build.sub(build.const(w), n), _ZERO)
    filler = build.const((fl.base(b"0") if fl.base is bytes else "0") * max(w, 0) if how == "zfill" else fill * max(w, 0))
    if how == "ljust":
        term = build.concat(st, build.substr(filler, _ZERO, missing))
    elif how == "rjust":
        term = build.concat(build.substr(filler, _ZERO, missing), st)
    elif how == "center":
        # CPython: left = marg // 2 + (marg & width & 1)
        left = build.add(build.floordiv(missing, build.const(2)),
                         build.mod(missing, build.const(2)) if w & 1 else _ZERO)
        term = build.concat(build.concat(build.substr(filler, _ZERO, left), st),
                            build.substr(filler, _ZERO, build.sub(missing, left)))
    else:  # zfill: zeros after a leading sign
        plus, minus = build.const("+" if fl.base is str else b"+"), build.const("-" if fl.base is str else b"-")
        head = build.substr(st, _ZERO, build.const(1))
        signed = build.and_(build.lt(_ZERO, n), build.or_(build.eq(head, plus), build.eq(head, minus)))
        zeros = build.substr(filler, _ZERO, missing)
        rest = build.substr(st, build.const(1), build.sub(n, build.const(1)))
        term = build.ite(signed, build.concat(build.concat(head, zeros), rest), build.concat(zeros, st))
    return fl.make(value, term)


def shared_models(fl: Flavor, classes) -> dict:
    """The methods str and bytes model alike, as functions of the proxy: each flavor
    installs these (plus its own) on its proxy class."""
    models = {
        "lower": lambda s: case(fl, s, "lower"), "upper": lambda s: case(fl, s, "upper"),
        "strip": lambda s, chars=None: strip(fl, s, chars, "strip"),
        "lstrip": lambda s, chars=None: strip(fl, s, chars, "lstrip"),
        "rstrip": lambda s, chars=None: strip(fl, s, chars, "rstrip"),
        "split": lambda s, sep=None, maxsplit=-1: split(fl, s, sep, maxsplit),
        "count": lambda s, sub, start=None, end=None: count(fl, s, sub, start, end),
        "replace": lambda s, old, new, count=-1: replace(fl, s, old, new, count),
        "find": lambda s, sub, start=None, end=None: find(fl, s, sub, start, end),
        "rfind": lambda s, sub, start=None, end=None: find(fl, s, sub, start, end, True),
        "index": lambda s, sub, start=None, end=None: index(fl, s, sub, start, end),
        "rindex": lambda s, sub, start=None, end=None: index(fl, s, sub, start, end, True),
        "join": lambda s, iterable: join(fl, s, iterable),
    }
    models.update({name: (lambda name: lambda s: char_class(fl, s, name))(name) for name in classes})
    return models


class TextComparisons:
    """`==`, `!=`, `<`, `<=`, `>`, `>=` of a text proxy, each a branch-free term built by
    the proxy's own `_compare(other, dunder, builder)`: the concrete answer, and a
    term when `other` has one.  (Defined here once for str and bytes; the proxies
    define `__hash__` themselves, which an `__eq__` in a class would otherwise drop.)"""

    __slots__ = ()

    def __eq__(self, other):
        return self._compare(other, "__eq__", build.eq)

    def __ne__(self, other):
        return self._compare(other, "__ne__", build.ne)

    def __lt__(self, other):
        return self._compare(other, "__lt__", build.lt)

    def __le__(self, other):
        return self._compare(other, "__le__", build.le)

    def __gt__(self, other):
        return self._compare(other, "__gt__", lambda a, b: build.lt(b, a))

    def __ge__(self, other):
        return self._compare(other, "__ge__", lambda a, b: build.le(b, a))
