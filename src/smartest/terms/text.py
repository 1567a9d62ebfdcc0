"""String and bytes operators beyond the core ones of `build`: case mapping, character
classes, scans for strip/split, count, replace, rfind, reversal, and parsing with
int()'s and float()'s whole syntax.

Each operator is defined here by its Python semantics (`evaluate.OPS`, also used for
constant folding) and lowered to integers in `solver/text_lowering.py`.  A string is
always the first argument, so the bounded-string lowering recognises the node.  The
same operators apply to bytes terms (Sort.BYTES) with bytes semantics (ASCII-only
classes and case mapping), which the lowering follows by sort.
"""
from __future__ import annotations

from smartest.terms.evaluate import OPS
from smartest.terms.rewrite import register_op
from smartest.terms.term import Sort, Term, const, make

INT, BOOL = Sort.INT, Sort.BOOL
CLASSES = ("isdigit", "isdecimal", "isnumeric", "isalpha", "isalnum", "isspace", "isupper", "islower", "isascii",
           "isprintable")
# What str.split() / str.strip() treat as whitespace (Py_UNICODE_ISSPACE), as a string.
WHITESPACE = "".join(chr(c) for c in range(0x3001) if chr(c).isspace())
BYTES_WHITESPACE = b" \t\n\r\x0b\x0c"
# What int() and float() strip: ASCII whitespace and non-ASCII isspace() characters,
# but not \x1c-\x1f (CPython keeps ASCII as is and strips with the C isspace).
NUMBER_SPACE = "".join(c for c in WHITESPACE if c in " \t\n\x0b\x0c\r" or ord(c) > 127)


def _clamp(i: int, n: int) -> int:
    return min(max(i, 0), n)


def _skip(s, start: int, chars) -> int:
    j = _clamp(start, len(s))
    while j < len(s) and s[j:j + 1] in chars:
        j += 1
    return j


def _seek(s, start: int, chars) -> int:
    j = _clamp(start, len(s))
    while j < len(s) and s[j:j + 1] not in chars:
        j += 1
    return j


def _rskip(s, end: int, chars) -> int:
    j = _clamp(end, len(s))
    while j > 0 and s[j - 1:j] in chars:
        j -= 1
    return j


def _parse_int(s) -> int:
    try:
        return int(s)
    except ValueError:
        return 0


def _parse_int_ok(s) -> bool:
    try:
        int(s)
    except ValueError:
        return False
    return True


def _parse_int_base(s, base: int) -> int:
    try:
        return int(s, base)
    except ValueError:
        return 0


def _parse_int_base_ok(s, base: int) -> bool:
    try:
        int(s, base)
    except ValueError:
        return False
    return True


def _parse_float(s) -> float:
    try:
        return float(s)
    except ValueError:
        return 0.0


def _parse_float_ok(s) -> bool:
    try:
        float(s)
    except ValueError:
        return False
    return True


def _utf8_ok(b: bytes) -> bool:
    try:
        b.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _radix(n: int, base: int, upper: bool) -> str:
    """The digits of n >= 0 in base 2, 8 or 16 (empty for n < 0), as format() spells them."""
    if n < 0:
        return ""
    return format(n, {2: "b", 8: "o", 16: "X" if upper else "x"}[base])


def _group(s: str, size: int, separator: str) -> str:
    """s with `separator` between groups of `size` characters, counted from the right."""
    head = (len(s) - 1) % size + 1
    return separator.join([s[:head]] + [s[i:i + size] for i in range(head, len(s), size)])


def _from_byte(n: int) -> bytes:
    return bytes([n]) if 0 <= n <= 255 else b""


OPS.update({
    "radix": _radix,
    "group": _group,
    "from_byte": _from_byte,
    "encode_utf8": lambda s: s.encode("utf-8", "surrogatepass"),
    "encode_latin1": lambda s: bytes(ord(c) & 0xFF for c in s),
    "codes_outside": lambda s, lo, hi: all(not lo <= c <= hi for c in (s if isinstance(s, bytes) else map(ord, s))),
    "lower": lambda s: s.lower(),
    "upper": lambda s: s.upper(),
    "skip": _skip,
    "seek": _seek,
    "rskip": _rskip,
    "count": lambda s, sub: s.count(sub),
    "rfind": lambda s, sub: s.rfind(sub),
    "replace": lambda s, old, new, n: s.replace(old, new, n),
    "reverse": lambda s: s[::-1],
    "parse_int": _parse_int,
    "parse_int_ok": _parse_int_ok,
    "parse_int_base": _parse_int_base,
    "parse_int_base_ok": _parse_int_base_ok,
    "parse_float": _parse_float,
    "parse_float_ok": _parse_float_ok,
    "latin1": lambda b: b.decode("latin-1"),
    "utf8_ok": _utf8_ok,
    "utf8": lambda b: b.decode("utf-8", "replace"),
    "has_code": lambda b, n: 0 <= n < 256 and n in b,
    "repr": repr,
})
OPS.update({name: (lambda name: lambda s: getattr(s, name)())(name) for name in CLASSES})


def _fold(op: str, args: tuple[Term, ...], sort: Sort) -> Term:
    if all(a.op == "const" for a in args):
        return const(OPS[op](*(a.value for a in args)))
    return make(op, args, sort)


def case(op: str, s: Term) -> Term:
    """s.lower() or s.upper()."""
    return _fold(op, (s,), s.sort)


def char_class(op: str, s: Term) -> Term:
    """s.isdigit(), s.isalpha(), ... (one of CLASSES)."""
    return _fold(op, (s,), BOOL)


def skip(s: Term, start: Term, chars: Term) -> Term:
    """The first index >= start whose character is not in `chars` (or len(s))."""
    return _fold("skip", (s, start, chars), INT)


def seek(s: Term, start: Term, chars: Term) -> Term:
    """The first index >= start whose character is in `chars` (or len(s))."""
    return _fold("seek", (s, start, chars), INT)


def rskip(s: Term, end: Term, chars: Term) -> Term:
    """The start of the run of characters in `chars` that ends at `end`."""
    return _fold("rskip", (s, end, chars), INT)


def count(s: Term, sub: Term) -> Term:
    return _fold("count", (s, sub), INT)


def rfind(s: Term, sub: Term) -> Term:
    return _fold("rfind", (s, sub), INT)


def replace(s: Term, old: Term, new: Term, n: Term) -> Term:
    return _fold("replace", (s, old, new, n), s.sort)


def reverse(s: Term) -> Term:
    if s.op == "reverse":
        return s.args[0]
    return _fold("reverse", (s,), s.sort)


def parse_int(s: Term) -> Term:
    """int(s) in base 10 (0 where int(s) raises: see parse_int_ok)."""
    return _fold("parse_int", (s,), INT)


def parse_int_ok(s: Term) -> Term:
    return _fold("parse_int_ok", (s,), BOOL)


def parse_int_base(s: Term, base: Term) -> Term:
    """int(s, base) for a constant base 0 or 2..36 (0 where it raises)."""
    return _fold("parse_int_base", (s, base), INT)


def parse_int_base_ok(s: Term, base: Term) -> Term:
    return _fold("parse_int_base_ok", (s, base), BOOL)


def parse_float(s: Term) -> Term:
    """float(s) (0.0 where float(s) raises: see parse_float_ok)."""
    return _fold("parse_float", (s,), Sort.FLOAT)


def parse_float_ok(s: Term) -> Term:
    return _fold("parse_float_ok", (s,), BOOL)


def latin1(b: Term) -> Term:
    """b.decode('latin-1'): each byte is the code point of one character."""
    return _fold("latin1", (b,), Sort.STR)


def utf8_ok(b: Term) -> Term:
    return _fold("utf8_ok", (b,), BOOL)


def utf8(b: Term) -> Term:
    """b.decode('utf-8') for valid UTF-8 (utf8_ok)."""
    return _fold("utf8", (b,), Sort.STR)


def radix(n: Term, base: int, upper: bool = False) -> Term:
    """The digits of n >= 0 in base 2, 8 or 16, lower or upper case, no sign, no prefix
    (empty for n < 0: the caller spells the sign), as `format(n, 'x')` writes them."""
    if base not in (2, 8, 16):
        raise ValueError(f"radix: base {base} is not 2, 8 or 16")
    return _fold("radix", (n, const(base), const(bool(upper))), Sort.STR)


def group(s: Term, size: int, separator: str) -> Term:
    """s with `separator` between groups of `size` characters from the right: the
    digits of `format(n, ',')` (3, ','), `format(n, '_x')` (4, '_')."""
    return _fold("group", (s, const(size), const(separator)), Sort.STR)


def from_byte(n: Term) -> Term:
    """bytes([n]) for 0 <= n <= 255 (empty elsewhere: the caller checks the range)."""
    return _fold("from_byte", (n,), Sort.BYTES)


def encode_utf8(s: Term) -> Term:
    """s.encode('utf-8') (surrogates encoded as CPython's 'surrogatepass' would: the
    caller records that there are none first, as errors='strict' requires)."""
    return _fold("encode_utf8", (s,), Sort.BYTES)


def encode_latin1(s: Term) -> Term:
    """The bytes with the codes of s (s.encode('latin-1') once every code is below 256)."""
    return _fold("encode_latin1", (s,), Sort.BYTES)


def codes_outside(s: Term, lo: int, hi: int) -> Term:
    """No code of s lies in lo..hi."""
    return _fold("codes_outside", (s, const(lo), const(hi)), BOOL)


def repr_(s: Term) -> Term:
    """repr(s) of a str: quotes chosen by content, escapes for quotes, backslashes and
    unprintable characters."""
    return _fold("repr", (s,), Sort.STR)


def has_code(b: Term, n: Term) -> Term:
    """n in b, for bytes b and an int n in 0..255."""
    return _fold("has_code", (b, n), BOOL)


register_op("radix", lambda n, base, upper: radix(n, base.value, upper.value))
register_op("group", lambda s, size, sep: group(s, size.value, sep.value))
for _op, _ctor in (("from_byte", from_byte), ("encode_utf8", encode_utf8), ("encode_latin1", encode_latin1),
                   ("codes_outside", lambda s, lo, hi: codes_outside(s, lo.value, hi.value)), ("repr", repr_), ("has_code", has_code), ("skip", skip), ("seek", seek), ("rskip", rskip), ("count", count), ("rfind", rfind),
                   ("replace", replace), ("reverse", reverse), ("parse_int", parse_int),
                   ("parse_int_ok", parse_int_ok),
                   ("parse_int_base", parse_int_base), ("parse_int_base_ok", parse_int_base_ok), ("parse_float", parse_float),
                   ("parse_float_ok", parse_float_ok), ("latin1", latin1), ("utf8_ok", utf8_ok), ("utf8", utf8)):
    register_op(_op, _ctor)
for _op in ("lower", "upper"):
    register_op(_op, lambda s, _op=_op: case(_op, s))
for _op in CLASSES:
    register_op(_op, lambda s, _op=_op: char_class(_op, s))
