"""Models of `unicodedata` where they are exact and cheap: the properties of a Latin-1
character (`category`, `combining`, `mirrored`, `east_asian_width`; `bidirectional`
below U+0800),
`normalize` and `is_normalized` of ASCII text (and of Latin-1 text in NFC).

The Unicode database is a table of a million code points; a term over all of it would
be as large.  So each model is exact on a small domain, a branch the search records
(so it can choose an input inside or outside it), and records a concretization
outside it, which clears `complete` as any escape does.  The tables are read from the
running CPython's own `unicodedata` when this module loads, so the model answers what
this interpreter answers.

* a property of c: an `ite` chain over the runs of equal value among code points
  0..255 (60 for `category`, 44 for `east_asian_width`, 19 for `mirrored`, 1 for
  `combining`; `bidirectional` up to U+07FF, 149 runs, for the right-to-left letters),
  on the code of c (a 1-character string: other lengths raise TypeError, on a
  recorded branch, as `ord` does).
* `normalize(form, s)` / `is_normalized(form, s)`: every form leaves ASCII text as it
  is; NFC also leaves text of code points below 256 as it is (each has NFC quick
  check Yes and combining class 0, so the quick check alone decides).
"""
from __future__ import annotations

import itertools
import unicodedata

from smartest.models.modules import register_function
from smartest.symbolic.ints import make_int
from smartest.symbolic.strs import SymStr, make_str
from smartest.symbolic.text_methods import branch
from smartest.terms import build, const, text as T
from smartest.trace.recorder import record_concretization

LATIN1 = 256
FORMS = ("NFC", "NFD", "NFKC", "NFKD")
# The forms that leave every string of code points below `bound` unchanged.
_IDENTITY_BELOW = {"NFC": LATIN1, "NFD": 128, "NFKC": 128, "NFKD": 128}


def _runs(fn, bound: int) -> list[tuple[int, str]]:
    """(first code point past the run, value) for each run of equal fn(chr(c)), c < bound."""
    out, start = [], 0
    for value, group in itertools.groupby(range(bound), key=lambda c: fn(chr(c))):
        start += len(list(group))
        out.append((start, value))
    return out


def table_term(runs: list[tuple[int, object]], code):
    """The value of the run that holds `code` (code < 256), as a term."""
    out = const(runs[-1][1])
    for end, value in reversed(runs[:-1]):
        out = build.ite(build.lt(code, const(end)), const(value), out)
    return out


def _property(fn, bound: int = LATIN1):
    """The model of a per-character function of unicodedata (`fn(chr) -> str | int`),
    exact below code point `bound`."""
    runs = _runs(fn, bound)
    callee = f"unicodedata.{fn.__name__}"

    def model(chr_):
        if type(chr_) is not SymStr:
            return fn(chr_)
        plain = str.__str__(chr_)
        if not branch(build.eq(build.length(chr_.term), const(1)), len(plain) == 1):
            return fn(plain)   # raises TypeError like CPython
        code = build.to_code(chr_.term)
        if not branch(build.lt(code, const(bound)), ord(plain) < bound):
            record_concretization(f"{callee} is modelled below U+{bound:04X} only", callee=callee)
            return fn(plain)
        value = fn(plain)
        return (make_str if type(value) is str else make_int)(value, table_term(runs, code))

    model.__name__ = fn.__name__
    model.bound = bound
    return register_function("unicodedata", fn.__name__)(model)


# bidirectional reaches past Latin-1 to U+0800: Hebrew, Syriac, Arabic and Thaana, the
# right-to-left letters that bidi rules (IDNA's) ask about (149 runs).
category, bidirectional, combining, mirrored, east_asian_width = (
    _property(fn, bound) for fn, bound in ((unicodedata.category, LATIN1), (unicodedata.bidirectional, 0x800),
                                           (unicodedata.combining, LATIN1), (unicodedata.mirrored, LATIN1),
                                           (unicodedata.east_asian_width, LATIN1)))


def _unchanged(form, s) -> bool:
    """Whether s lies where `form` leaves it unchanged (a recorded branch); outside,
    the concretization is recorded by the caller."""
    bound = _IDENTITY_BELOW[form]
    plain = str.__str__(s)
    inside = all(ord(c) < bound for c in plain)
    return branch(T.codes_outside(s.term, bound, 0x10FFFF), inside)


@register_function("unicodedata", "normalize")
def normalize(form, unistr):
    if type(unistr) is not SymStr or type(form) is not str or form not in FORMS:
        return unicodedata.normalize(form, unistr)    # plain, or ValueError/TypeError as CPython
    if _unchanged(form, unistr):
        return unistr
    record_concretization(f"unicodedata.normalize({form!r}) is modelled for text it leaves unchanged only",
                          callee="unicodedata.normalize")
    return unicodedata.normalize(form, str.__str__(unistr))


@register_function("unicodedata", "is_normalized")
def is_normalized(form, unistr):
    if type(unistr) is not SymStr or type(form) is not str or form not in FORMS:
        return unicodedata.is_normalized(form, unistr)
    if _unchanged(form, unistr):
        return True
    record_concretization(f"unicodedata.is_normalized({form!r}) is modelled for text it leaves unchanged only",
                          callee="unicodedata.is_normalized")
    return unicodedata.is_normalized(form, str.__str__(unistr))
