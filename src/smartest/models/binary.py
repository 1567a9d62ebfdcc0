"""Models of the conversions between ints, text and bytes: `int.to_bytes`,
`int.from_bytes`, `str.encode` (UTF-8, ASCII, Latin-1), `bytes(...)`, `bytes.hex`,
`bytes.fromhex`, and `struct.pack` / `struct.unpack` for the integer formats.

Bytes are built from per-byte terms (`from_byte`) and read as codes, so a packed
integer's bytes are linear terms of it (`n // 256**k % 256`).  Where a result's
shape depends on the input (the length of bytes read by `from_bytes`, of text
encoded or parsed), the models iterate the input, which records the loop test at
each position as any loop does.  Range checks (OverflowError, struct.error,
UnicodeEncodeError, ValueError) are recorded branches whose failing side runs the
real function on the concrete value, so it raises exactly CPython's exception.
"""
from __future__ import annotations

import struct
import sys

from smartest.models import syntax
from smartest.models.escapes import holds_proxy
from smartest.models.modules import register_function
from smartest.models.registry import CLASS_MODELS, REGISTRY, STAND_INS, register
from smartest.symbolic.bytestr import SymBytes, bytes_term, make_bytes
from smartest.symbolic.ints import SymInt, int_term, make_int
from smartest.symbolic.realize import realize, scalar_value
from smartest.symbolic.strs import SymStr, make_str
from smartest.symbolic.text_methods import branch
from smartest.terms import build, const, text as T
from smartest.trace.recorder import record_concretization

_ORDERS = {"little": "<", "big": ">"}


def _in_range(n, term, lo: int, hi: int) -> bool:
    """Record lo <= n <= hi (the side taken) and answer it."""
    v = int.__int__(n)
    return branch(build.and_(build.le(const(lo), term), build.le(term, const(hi))), lo <= v <= hi)


def _bytes_of(value: int, term, length: int, little: bool):
    """The `length` bytes of value (already known to fit, two's complement)."""
    plain = (value % 256 ** length).to_bytes(length, "little" if little else "big")
    wrapped = build.mod(term, const(256 ** length))
    out = const(b"")
    for k in range(length):
        shift = k if little else length - 1 - k
        out = build.concat(out, T.from_byte(build.mod(build.floordiv(wrapped, const(256 ** shift)), const(256))))
    return make_bytes(plain, out)


def to_bytes(self, length=1, byteorder="big", *, signed=False):
    """int.to_bytes of a SymInt: OverflowError when it does not fit, as a branch."""
    if type(self) is not SymInt:
        return int.to_bytes(self, length, byteorder, signed=signed)
    length, byteorder, signed = realize(length), realize(byteorder), realize(signed)
    if type(length) is not int or byteorder not in _ORDERS or length < 0:
        return int.to_bytes(int.__int__(self), length, byteorder, signed=signed)  # raises like CPython
    lo, hi = (-(2 ** (8 * length - 1)), 2 ** (8 * length - 1) - 1) if signed else (0, 2 ** (8 * length) - 1)
    if length == 0:
        lo, hi = 0, 0
    if not _in_range(self, self.term, lo, hi):
        return int.to_bytes(int.__int__(self), length, byteorder, signed=signed)  # OverflowError
    return _bytes_of(int.__int__(self), self.term, length, byteorder == "little")


def _value_of(codes: list, little: bool, signed: bool):
    """(value, term) of bytes given as (plain code, term) pairs."""
    seq = codes[::-1] if little else codes
    value, term = 0, const(0)
    for v, t in seq:
        value, term = value * 256 + v, build.add(build.mul(term, const(256)), t)
    if signed and codes:
        top = 256 ** len(codes)
        sign_v, sign_t = seq[0]
        negative = build.le(const(128), sign_t)
        term = build.ite(negative, build.sub(term, const(top)), term)
        value = value - top if sign_v >= 128 else value
    return value, term


def _codes(b) -> list:
    """(code, term) per byte of b, its length decided by the iteration's loop tests."""
    if type(b) is SymBytes:
        return [(int.__int__(x) if type(x) is SymInt else x, int_term(x)) for x in b]
    return [(x, const(x)) for x in bytes(b)]


def from_bytes(cls, data, byteorder="big", *, signed=False):
    byteorder, signed = realize(byteorder), realize(signed)
    if type(data) is not SymBytes or byteorder not in _ORDERS:
        return int.from_bytes(realize(data), byteorder, signed=signed)
    value, term = _value_of(_codes(data), byteorder == "little", bool(signed))
    return make_int(value, term)


def encode(self, encoding="utf-8", errors="strict"):
    """str.encode for UTF-8, ASCII and Latin-1 with errors='strict'."""
    if type(self) is not SymStr:
        return str.encode(self, encoding, errors)
    plain = str.__str__(self)
    codec = str(realize(encoding)).lower().replace("_", "-")
    if realize(errors) != "strict" or codec not in ("utf-8", "utf8", "ascii", "us-ascii", "latin-1", "latin1",
                                                     "iso-8859-1"):
        record_concretization(f"str.encode({encoding!r}, {errors!r}) has no model")
        return plain.encode(realize(encoding), realize(errors))
    if codec in ("utf-8", "utf8"):
        if not branch(T.codes_outside(self.term, 0xD800, 0xDFFF), not any(0xD800 <= ord(c) <= 0xDFFF for c in plain)):
            return plain.encode("utf-8")  # UnicodeEncodeError: a surrogate
        return make_bytes(plain.encode("utf-8"), T.encode_utf8(self.term))
    top = 128 if codec in ("ascii", "us-ascii") else 256
    if not branch(T.codes_outside(self.term, top, 0x10FFFF), all(ord(c) < top for c in plain)):
        return plain.encode(codec)  # UnicodeEncodeError
    return make_bytes(plain.encode(codec), T.encode_latin1(self.term))


_HEX = "0123456789abcdef"


def _hex_digit(d):
    """The hex digit of 0 <= d <= 15 as a one-character string term."""
    return build.from_code(build.ite(build.lt(d, const(10)), build.add(d, const(48)), build.add(d, const(87))))


def hex_(self, *args):
    """bytes.hex() (no separator)."""
    if type(self) is not SymBytes:
        return bytes.hex(self, *args)
    if args:
        record_concretization("bytes.hex with a separator has no model")
        return bytes.hex(bytes.__getitem__(self, slice(None)), *map(realize, args))
    out_v, out_t = "", const("")
    for v, t in _codes(self):
        out_v += f"{v:02x}"
        out_t = build.concat(build.concat(out_t, _hex_digit(build.floordiv(t, const(16)))),
                             _hex_digit(build.mod(t, const(16))))
    return make_str(out_v, out_t)


_HEXDIGITS = "0123456789abcdefABCDEF"
_SPACE = " \t\n\r\x0b\x0c"


def fromhex(cls, s):
    """bytes.fromhex(s) for a symbolic s: ASCII whitespace between pairs, two hex digits
    per byte; anything else raises ValueError (on its recorded branch)."""
    if cls is STAND_INS.get(bytes):
        cls = bytes                 # `bytes.fromhex` in a target module: the stand-in's class model
    if type(s) is not SymStr or cls is not bytes:
        return cls.fromhex(realize(s))
    plain = str.__str__(s)
    out_v, out_t = b"", const(b"")
    i, n = 0, REGISTRY["len"](s)   # a symbolic length: positions below are decided by branches
    while i < n:
        c = s[i]
        if syntax.contains(c, _SPACE):
            i += 1
            continue
        pair = s[i:i + 2]
        if not (i + 1 < n and syntax.contains(pair[0], _HEXDIGITS) and syntax.contains(pair[1], _HEXDIGITS)):
            return bytes.fromhex(plain)   # ValueError at this position, as CPython
        hi, lo = REGISTRY["int"](pair[0], 16), REGISTRY["int"](pair[1], 16)
        value = int.__int__(hi) * 16 + int.__int__(lo)
        term = build.add(build.mul(int_term(hi), const(16)), int_term(lo))
        out_v, out_t = out_v + bytes([value]), build.concat(out_t, T.from_byte(term))
        i += 2
    return make_bytes(out_v, out_t)


@register("bytes")
def bytes_(*args, **kwargs):
    """bytes(...) given a proxy: of a str with an encoding (the `encode` model), of ints
    (one `from_byte` term each; a value outside 0..255 raises ValueError on its recorded
    branch), of a symbolic count (that many zero bytes, the count a recorded decision),
    of bytes (the same bytes).  Other arguments record a concretization."""
    if not holds_proxy(args, kwargs):
        return bytes(*args, **kwargs)
    if kwargs or not args:
        record_concretization("bytes() with keyword arguments has no model", callee="bytes")
        return bytes(*map(scalar_value, args), **{k: scalar_value(v) for k, v in kwargs.items()})
    source, rest = args[0], args[1:]
    if type(source) is SymStr and rest:
        return encode(source, *rest)
    if rest:
        return bytes(scalar_value(source), *map(scalar_value, rest))   # TypeError as CPython
    if type(source) is SymBytes:
        return source
    if type(source) is SymInt:
        n = int.__int__(source)
        if not branch(build.le(const(0), source.term), n >= 0):
            return bytes(n)                    # ValueError: negative count
        branch(build.eq(source.term, const(n)), True)
        return bytes(n)
    if isinstance(source, (list, tuple)):
        out_v, out_t = b"", const(b"")
        for x in source:      # a symbolic list decides its length here, as any loop over it
            if type(x) is SymInt:
                if not _in_range(x, x.term, 0, 255):
                    break
                out_v, out_t = out_v + bytes([int.__int__(x)]), build.concat(out_t, T.from_byte(x.term))
            elif type(x) is int and 0 <= x <= 255:
                out_v, out_t = out_v + bytes([x]), build.concat(out_t, const(bytes([x])))
            else:
                break
        else:
            return make_bytes(out_v, out_t)
        return bytes([scalar_value(x) for x in source])   # ValueError / TypeError at x, as CPython
    record_concretization("bytes() of this value has no model", callee="bytes")
    return bytes(scalar_value(source))


# -- struct ---------------------------------------------------------------------------

_STANDARD = {"b": 1, "B": 1, "h": 2, "H": 2, "i": 4, "I": 4, "l": 4, "L": 4, "q": 8, "Q": 8}


def _layout(fmt: str):
    """[(code, size, offset)] and total size of an integer format, or None if it has
    other codes.  Offsets and sizes come from struct itself, native alignment included."""
    order = fmt[0] if fmt and fmt[0] in "@=<>!" else "@"
    body = fmt[1:] if fmt and fmt[0] in "@=<>!" else fmt
    items, count = [], ""
    for ch in body:
        if ch.isdigit():
            count += ch
        elif ch.isspace():
            continue
        elif ch in _STANDARD:
            items.extend([ch] * int(count or 1))
            count = ""
        else:
            return None
    little = order in "<" or (order in "@=" and sys.byteorder == "little")
    out, prefix = [], order
    for ch in items:
        size = struct.calcsize(order + ch)
        offset = struct.calcsize(prefix + ch) - size
        out.append((ch, size, offset))
        prefix += ch
    return out, struct.calcsize(fmt), little


def _bounds(code: str, size: int) -> tuple[int, int]:
    bits = 8 * size
    return (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if code.islower() else (0, 2 ** bits - 1)


@register_function("struct", "pack")
def pack(fmt, *values):
    if not any(type(v) is SymInt for v in values):
        if holds_proxy(values):     # a symbolic float (`<d`), a str for `s`: C reads its value
            record_concretization("struct.pack of these values has no model", callee="struct.pack")
            return struct.pack(realize(fmt), *map(scalar_value, values))
        return struct.pack(fmt, *values)
    layout = _layout(realize(fmt)) if isinstance(realize(fmt), str) else None
    if layout is None or len(layout[0]) != len(values) or not all(type(v) in (int, SymInt) for v in values):
        record_concretization("struct.pack with this format has no model")
        return struct.pack(realize(fmt), *map(scalar_value, values))
    items, size, little = layout
    out_v, out_t, at = b"", const(b""), 0
    for (code, width, offset), v in zip(items, values):
        lo, hi = _bounds(code, width)
        if type(v) is SymInt and not _in_range(v, v.term, lo, hi):
            return struct.pack(realize(fmt), *map(scalar_value, values))   # struct.error
        if type(v) is int and not lo <= v <= hi:
            return struct.pack(realize(fmt), *map(scalar_value, values))
        pad = b"\x00" * (offset - at)
        piece = _bytes_of(int(scalar_value(v)), int_term(v), width, little)
        out_v, out_t = out_v + pad + bytes(scalar_value(piece)), build.concat(build.concat(out_t, const(pad)),
                                                                              bytes_term(piece))
        at = offset + width
    pad = b"\x00" * (size - at)
    return make_bytes(out_v + pad, build.concat(out_t, const(pad)))


@register_function("struct", "unpack")
def unpack(fmt, buffer):
    if type(buffer) is not SymBytes:
        return struct.unpack(fmt, buffer)
    layout = _layout(realize(fmt)) if isinstance(realize(fmt), str) else None
    if layout is None:
        record_concretization("struct.unpack with this format has no model")
        return struct.unpack(realize(fmt), realize(buffer))
    items, size, little = layout
    plain = bytes.__getitem__(buffer, slice(None))
    if not branch(build.eq(build.length(buffer.term), const(size)), len(plain) == size):
        return struct.unpack(realize(fmt), plain)   # struct.error
    out = []
    for code, width, offset in items:
        codes = [(plain[offset + k], build.to_code(build.at(buffer.term, const(offset + k)))) for k in range(width)]
        value, term = _value_of(codes, little, code.islower())
        out.append(make_int(value, term))
    return tuple(out)


SymInt.to_bytes = to_bytes
SymStr.encode = encode
SymBytes.hex = hex_
CLASS_MODELS.setdefault("int", {})["from_bytes"] = classmethod(from_bytes)
CLASS_MODELS.setdefault("bytes", {})["fromhex"] = classmethod(fromhex)
syntax.METHODS.setdefault(type, {})["fromhex"] = fromhex
