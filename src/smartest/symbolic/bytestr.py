"""SymBytes: a `bytes` subclass carrying a term of Sort.BYTES.

Bytes are lowered like strings (a length and one code per position, codes 0..255),
so they share the string operators; what differs is Python's surface: `b[i]` and
`for x in b` give ints, `in` takes an int or bytes, the character classes and case
mapping are ASCII-only, and `decode` turns bytes into a str (Latin-1 and ASCII are
the identity on codes, UTF-8 a lowering of its own; an invalid sequence raises
UnicodeDecodeError on a recorded branch).
"""
from __future__ import annotations

from smartest.symbolic import text_methods as M
from smartest.symbolic.bools import make_bool
from smartest.symbolic.ints import int_term, make_int
from smartest.symbolic.indexing import position, slice_bound
from smartest.symbolic.strs import make_str
from smartest.terms import Term, build, text
from smartest.terms.term import Sort, var
from smartest.trace.recorder import record_concretization, record_text_in_c
from smartest.symbolic.attributes import plain_attributes

_ZERO = build.const(0)


def bytes_term(x) -> Term | None:
    t = type(x)
    if t is SymBytes:
        return x.term
    if t is bytes:
        return build.const(x)
    if isinstance(x, SymBytes):
        return x.term
    if isinstance(x, bytes):
        return build.const(bytes(x))
    return None


def make_bytes(value: bytes, term: Term):
    if term.op == "const":
        return bytes(term.value)
    obj = bytes.__new__(SymBytes, value)
    obj.term = term
    return obj


def _plain(x):
    return bytes.__getitem__(x, slice(None)) if isinstance(x, SymBytes) else M.plain(x)


def _code(b: Term, i: Term) -> Term:
    return build.to_code(build.at(b, i))


class SymBytes(M.TextComparisons, bytes):
    """Concrete bytes and the term they stand for."""

    term: Term

    def __repr__(self) -> str:
        record_text_in_c("bytes.__repr__")
        return bytes.__repr__(self)

    def __str__(self) -> str:
        record_text_in_c("bytes.__str__")
        return bytes.__repr__(self)

    def __hash__(self) -> int:
        record_concretization("symbolic bytes used as a key of a plain dict or set (lookup by hash)")
        return bytes.__hash__(self)

    def __bool__(self) -> bool:
        return M.branch(build.not_(build.eq(build.length(self.term), _ZERO)), bytes.__len__(self) != 0)

    def __getitem__(self, key):
        plain = _plain(self)
        if isinstance(key, slice):
            if key.step == -1 and key.start is None and key.stop is None:
                return make_bytes(plain[::-1], text.reverse(self.term))
            n = build.length(self.term)
            start_t, stop_t = slice_bound(key.start, n, _ZERO), slice_bound(key.stop, n, n)
            if key.step not in (None, 1) or start_t is None or stop_t is None:
                if key.step not in (None, 1):
                    record_concretization("bytes slice with a step")
                return plain[slice(*(M.plain(x) for x in (key.start, key.stop, key.step)))]
            size = build.sub(stop_t, start_t)
            value = plain[slice(M.plain(key.start), M.plain(key.stop))]
            return make_bytes(value, build.substr(self.term, start_t, build.ite(build.lt(size, _ZERO), _ZERO, size)))
        k = int_term(key)
        if k is None:
            return plain[key]  # raises TypeError like CPython
        found = position(build.length(self.term), len(plain), key, k)
        if found is None:
            return plain[int(M.plain(key))]  # raises IndexError
        pos, pos_term = found
        return make_int(plain[pos], _code(self.term, pos_term))

    def __iter__(self):
        plain, n = _plain(self), build.length(self.term)
        i = 0
        while M.branch(build.lt(build.const(i), n), i < len(plain)):
            yield make_int(plain[i], _code(self.term, build.const(i)))
            i += 1

    def __contains__(self, item) -> bool:
        plain = _plain(self)
        k = int_term(item)
        if k is not None and type(item) is not bool:
            return make_bool(M.plain(item) in plain, text.has_code(self.term, k))  # raises ValueError past 255
        o = bytes_term(item)
        if o is None:
            return bytes.__contains__(plain, item)  # raises TypeError like CPython
        return make_bool(_plain(item) in plain, build.contains(self.term, o))

    def __add__(self, other):
        o = bytes_term(other)
        if o is None:
            return bytes.__add__(_plain(self), other)
        return make_bytes(_plain(self) + _plain(other), build.concat(self.term, o))

    def __radd__(self, other):
        o = bytes_term(other)
        if o is None:
            return NotImplemented
        return make_bytes(_plain(other) + _plain(self), build.concat(o, self.term))

    def _compare(self, other, concrete, op):
        o = bytes_term(other)
        if o is None:
            return getattr(bytes, concrete)(_plain(self), other)
        return make_bool(getattr(bytes, concrete)(_plain(self), _plain(other)), op(self.term, o))

    def _affix(self, affix, op, name, start, end):
        if start is not None or end is not None:
            part = self[start:end]
            return getattr(part, name)(affix)
        options = affix if isinstance(affix, tuple) else (affix,)
        terms = [bytes_term(a) for a in options]
        if any(t is None for t in terms):
            return getattr(bytes, name)(_plain(self), affix)  # raises TypeError like CPython
        value = getattr(bytes, name)(_plain(self), tuple(_plain(a) for a in options))
        return make_bool(value, build.or_(*(op(t, self.term) for t in terms)))

    def startswith(self, prefix, start=None, end=None):
        return self._affix(prefix, build.prefixof, "startswith", start, end)

    def endswith(self, suffix, start=None, end=None):
        return self._affix(suffix, build.suffixof, "endswith", start, end)

    def decode(self, encoding="utf-8", errors="strict"):
        plain = _plain(self)
        codec = str(encoding).lower().replace("_", "-")
        if errors != "strict" or codec not in ("utf-8", "utf8", "latin-1", "latin1", "iso-8859-1", "ascii", "us-ascii"):
            record_concretization(f"bytes.decode({encoding!r}, {errors!r}) has no model")
            return plain.decode(encoding, errors)
        if codec in ("utf-8", "utf8"):
            ok = M.branch(text.utf8_ok(self.term), _utf8_ok(plain))
            return make_str(plain.decode("utf-8"), text.utf8(self.term)) if ok else plain.decode("utf-8")
        if codec in ("ascii", "us-ascii"):
            if not M.branch(text.char_class("isascii", self.term), plain.isascii()):
                return plain.decode("ascii")  # raises UnicodeDecodeError
        return make_str(plain.decode("latin-1"), text.latin1(self.term))


def _utf8_ok(b: bytes) -> bool:
    try:
        b.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


BYTES = M.Flavor(bytes, bytes_term, make_bytes, text.BYTES_WHITESPACE)
_MODELS = M.shared_models(BYTES, ("isdigit", "isalpha", "isalnum", "isspace", "isupper", "islower", "isascii"))
for _name, _fn in _MODELS.items():
    _fn.__name__ = _name
    setattr(SymBytes, _name, _fn)


def _concretizing(name: str):
    method = getattr(bytes, name)

    def op(self, *args, **kwargs):
        record_concretization(f"bytes.{name} has no symbolic model", callee=f"bytes.{name}")
        return method(_plain(self), *[_plain(a) for a in args], **kwargs)

    op.__name__ = name
    return op


for _name in dir(bytes):
    if not _name.startswith("_") and _name not in SymBytes.__dict__ and callable(getattr(bytes, _name)) \
            and _name not in ("fromhex", "maketrans"):
        setattr(SymBytes, _name, _concretizing(_name))
for _name in ("__mod__", "__rmod__", "__mul__", "__rmul__"):
    setattr(SymBytes, _name, _concretizing(_name))


def new_bytes_input(name: str, value: bytes) -> SymBytes:
    obj = bytes.__new__(SymBytes, value)
    obj.term = var(name, Sort.BYTES)
    return obj

plain_attributes(SymBytes, bytes, ("term",))   # see symbolic/attributes.py
