"""Character classes and case mapping of code points, as formulas over an integer code.

Tables are read from the running Python's own `str` methods (so they follow its
Unicode version exactly) and turned into range tests.  `isspace`, `isdecimal` and
`isdigit` have small tables (10, 62 and 81 ranges) and are exact on every code point;
so is the value of a decimal digit (every Nd block is ten consecutive code points).
The large classes (letters: 648 ranges) and case mapping are exact below U+0100
(Latin-1) and above it an uninterpreted function of the code point, guarded
(`terms/approx.py`): the solver tries Latin-1 first, a model outside it is checked
against Python before it is believed.  Bytes use the ASCII tables of `bytes`
methods and are exact everywhere.
"""
from __future__ import annotations

import functools

from smartest.terms import approx, build, const
from smartest.terms.term import Sort, Term

LATIN1 = 0x100
FULL = ("isspace", "isdecimal", "isdigit")
# No space or digit lies past the first two planes (tests/unit check it on the running
# Python), so their tables are read up to here: a fraction of the scan of all Unicode.
FULL_LIMIT = 0x20000
# The most characters lower()/upper() make of one (SpecialCasing: 'İ' -> 'i̇',
# 'ΐ' -> 'Ϊ́'); an abstraction of them beyond Latin-1 leaves this much room.
WIDEST = {"lower": 2, "upper": 3}
_CHAR_TESTS = {
    "isspace": str.isspace, "isdecimal": str.isdecimal, "isdigit": str.isdigit,
    "isnumeric": str.isnumeric, "isalpha": str.isalpha, "isalnum": str.isalnum,
    "isupper": str.isupper, "islower": str.islower, "isprintable": str.isprintable,
    "istitle_char": lambda ch: __import__("unicodedata").category(ch) == "Lt",
}
_BYTE_TESTS = {
    "isspace": lambda b: b in b" \t\n\r\x0b\x0c", "isdigit": lambda b: 48 <= b <= 57,
    "isdecimal": lambda b: 48 <= b <= 57, "isnumeric": lambda b: 48 <= b <= 57,
    "isalpha": lambda b: 65 <= b <= 90 or 97 <= b <= 122,
    "isalnum": lambda b: 48 <= b <= 57 or 65 <= b <= 90 or 97 <= b <= 122,
    "isupper": lambda b: 65 <= b <= 90, "islower": lambda b: 97 <= b <= 122,
    "istitle_char": lambda b: False,
}


def _ranges(test, limit: int) -> tuple[tuple[int, int], ...]:
    out, start = [], None
    for c in range(limit):
        if test(c):
            if start is None:
                start = c
        elif start is not None:
            out.append((start, c - 1))
            start = None
    if start is not None:
        out.append((start, limit - 1))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def ranges(name: str, sort: Sort = Sort.STR) -> tuple[tuple[int, int], ...]:
    """The code point ranges of a class: all of Unicode for FULL classes, else below LATIN1."""
    if sort is Sort.BYTES:
        return _ranges(_BYTE_TESTS[name], 256)
    test = _CHAR_TESTS[name]
    return _ranges(lambda c: test(chr(c)), FULL_LIMIT if name in FULL else LATIN1)


def in_ranges(c: Term, rs) -> Term:
    return build.or_(*(build.eq(c, const(lo)) if lo == hi else
                       build.and_(build.le(const(lo), c), build.le(c, const(hi))) for lo, hi in rs))


def member(c: Term, name: str, sort: Sort) -> Term:
    """Does the character with code c belong to class `name` (a str method's name)?"""
    exact = in_ranges(c, ranges(name, sort))
    if sort is Sort.BYTES or name in FULL:
        return exact
    inside = build.lt(c, const(LATIN1))
    return build.ite(approx.guard(inside), exact, approx.approx(name, (c,), Sort.BOOL))


def decimal_value(c: Term) -> Term:
    """The value of a decimal digit (c must satisfy member(c, 'isdecimal'))."""
    out = build.sub(c, const(48))
    for lo, hi in reversed(ranges("isdecimal")[1:]):
        inside = build.and_(build.le(const(lo), c), build.le(c, const(hi)))
        out = build.ite(inside, build.mod(build.sub(c, const(lo)), const(10)), out)
    return out


# -- case mapping -------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def case_table(op: str, sort: Sort = Sort.STR) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """(lo, hi, delta or expansion) segments where op changes a character, below LATIN1
    (bytes: ASCII).  A segment maps c to c + delta, or to a fixed string of codes."""
    limit = 128 if sort is Sort.BYTES else LATIN1
    out: list = []
    for c in range(limit):
        mapped = getattr(chr(c), op)()
        if mapped == chr(c):
            continue
        if len(mapped) == 1:
            key = ("delta", ord(mapped) - c)
        else:
            key = ("codes", tuple(map(ord, mapped)))
        if out and out[-1][1] == c - 1 and out[-1][2] == key and key[0] == "delta":
            out[-1] = (out[-1][0], c, key)
        else:
            out.append((c, c, key))
    return tuple(out)


def mapped(c: Term, op: str, sort: Sort) -> tuple[Term, tuple[Term, ...]]:
    """(length, codes) of op (lower/upper) applied to one character, exact in the table's
    range: the length is 1 except where a character expands ('ß'.upper() == 'SS')."""
    width = max([len(k[1]) for _, _, k in case_table(op, sort) if k[0] == "codes"] + [1])
    length: Term = const(1)
    codes = [c] + [const(-1)] * (width - 1)
    for lo, hi, (kind, what) in reversed(case_table(op, sort)):
        inside = build.eq(c, const(lo)) if lo == hi else \
            build.and_(build.le(const(lo), c), build.le(c, const(hi)))
        if kind == "delta":
            codes[0] = build.ite(inside, build.add(c, const(what)), codes[0])
        else:
            length = build.ite(inside, const(len(what)), length)
            for i in range(width):
                codes[i] = build.ite(inside, const(what[i]) if i < len(what) else const(-1), codes[i])
    return length, tuple(codes)
