"""str methods decided character by character, written as loops over modelled operations:
`splitlines`, `expandtabs`, `swapcase`, `translate` (with a plain dict table),
`capitalize` (its first character decided apart from the rest) and `title` (each
character's case decided by whether the one before it is cased).

Each walks the proxy as a `for` loop would (its length decided by the iteration's
recorded tests) and records, per character, the comparisons CPython's C loop makes
(a line boundary? a tab? a key of the table?), so the result is a concatenation of
per-character terms and every other choice is a branch the search can take.  What a
loop cannot express exactly records a concretization and returns the real method's
result: a table that is not a plain dict of int keys, an argument that is a proxy,
and in `swapcase` a capital sigma (its lower case depends on its neighbours).
`capitalize` is the upper case of the first character and the lower case of the rest,
except where CPython's answer is neither: a first character whose title case is not
its upper case (`ß` gives `Ss`, `ǆ` gives `ǅ`; 135 such characters, a branch), and a
capital sigma after it (lowered by its neighbours, the first included): those record a
concretization.  `title` records the same two in any position.
"""
from __future__ import annotations

import functools
import sys

from smartest.symbolic.strs import SymStr, make_str
from smartest.symbolic.text_methods import branch
from smartest.terms import build
from smartest.trace.recorder import record_concretization

# str.splitlines' line boundaries (CPython's Py_UNICODE_ISLINEBREAK).
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_SIGMA = "\u03a3"


@functools.cache
def _title_not_upper() -> tuple[tuple[int, int], ...]:
    """The code point ranges of the characters whose title case (what capitalize gives
    a first character) is not their upper case: 135 characters in a few dozen ranges.
    Computed on first use (a walk of all of Unicode, a tenth of a second: not at import)."""
    ranges: list[tuple[int, int]] = []
    for i in range(sys.maxunicode + 1):
        if chr(i).title() != chr(i).upper():
            if ranges and ranges[-1][1] == i - 1:
                ranges[-1] = (ranges[-1][0], i)
            else:
                ranges.append((i, i))
    return tuple(ranges)


def _title_not_upper_char(c: SymStr) -> bool:
    """Record and answer whether the character proxy `c` is one of those."""
    code, plain = build.to_code(c.term), ord(_plain(c))
    ranges = _title_not_upper()
    return branch(build.or_(*(build.and_(build.le(build.const(lo), code), build.le(code, build.const(hi)))
                              for lo, hi in ranges)),
                  any(lo <= plain <= hi for lo, hi in ranges))


def _plain(s) -> str:
    return str.__str__(s)


def _is(c: SymStr, ch: str) -> bool:
    """Record and answer whether the character proxy `c` is `ch`."""
    return branch(build.eq(c.term, build.const(ch)), str.__eq__(_plain(c), ch))


def _one_of(c: SymStr, chars: str) -> bool:
    return branch(build.or_(*(build.eq(c.term, build.const(ch)) for ch in chars)), _plain(c) in chars)


def _concat(pieces: list):
    out = make_str("", build.const(""))
    for p in pieces:
        out = out + p
    return out


def _fallback(s, name: str, *args, **kwargs):
    record_concretization(f"str.{name} with these arguments has no symbolic model", callee=f"str.{name}")
    return getattr(str, name)(_plain(s), *[_plain(a) if isinstance(a, str) else a for a in args], **kwargs)


def _plain_arg(x) -> bool:
    return not hasattr(x, "term")


def splitlines(s, keepends=False):
    if not _plain_arg(keepends):
        return _fallback(s, "splitlines", keepends)
    chars = list(s)
    lines, start, i = [], 0, 0
    while i < len(chars):
        c = chars[i]
        if _one_of(c, LINE_BREAKS):
            end = i + 1
            if _is(c, "\r") and end < len(chars) and _is(chars[end], "\n"):
                end += 1
            lines.append(s[start:end] if keepends else s[start:i])
            start = i = end
            continue
        i += 1
    if start < len(chars):
        lines.append(s[start:])
    return lines


def expandtabs(s, tabsize=8):
    if not _plain_arg(tabsize):
        return _fallback(s, "expandtabs", tabsize)
    tabsize = int(tabsize)
    pieces, column = [], 0
    for c in s:
        if _is(c, "\t"):
            if tabsize > 0:
                spaces = tabsize - column % tabsize
                pieces.append(" " * spaces)
                column += spaces
            continue
        pieces.append(c)
        column = 0 if _one_of(c, "\n\r") else column + 1
    return _concat(pieces)


def swapcase(s):
    pieces = []
    for c in s:
        if _is(c, _SIGMA):
            return _fallback(s, "swapcase")
        if c.isupper():
            pieces.append(c.lower())
        elif c.islower():
            pieces.append(c.upper())
        else:
            pieces.append(c)
    return _concat(pieces)


def translate(s, table):
    if type(table) is not dict or not all(type(k) is int for k in table) or \
            not all(v is None or type(v) is str or (type(v) is int and 0 <= v <= 0x10FFFF) for v in table.values()):
        return _fallback(s, "translate", table)
    pieces = []
    for c in s:
        code = build.to_code(c.term)
        ch = ord(_plain(c))
        for key, value in table.items():
            if branch(build.eq(code, build.const(key)), ch == key):
                if value is not None:
                    pieces.append(chr(value) if type(value) is int else value)
                break
        else:
            pieces.append(c)
    return _concat(pieces)


def capitalize(s):
    if len(s) == 0:
        return s[:0]
    head, rest = s[:1], s[1:]
    if _title_not_upper_char(head) or branch(build.contains(rest.term, build.const(_SIGMA)), _SIGMA in _plain(rest)):
        return _fallback(s, "capitalize")
    return make_str(str.capitalize(_plain(s)), (head.upper() + rest.lower()).term)


def title(s):
    pieces, previous_cased = [], False
    for c in s:
        if _title_not_upper_char(c) or _is(c, _SIGMA):
            return _fallback(s, "title")
        pieces.append(c.lower() if previous_cased else c.upper())
        previous_cased = bool(c.isupper() or c.islower())
    return _concat(pieces)


MODELS = {"splitlines": splitlines, "expandtabs": expandtabs, "swapcase": swapcase, "translate": translate,
          "capitalize": capitalize, "title": title}
for _name, _fn in MODELS.items():
    setattr(SymStr, _name, _fn)
