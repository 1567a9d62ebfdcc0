"""Lowering of the text operators of `terms/text.py` to integer formulas, for the
bounded-string layer (`solver/strings.py`, which calls these by operator name).

A string is a length and one code per position (`Seq`).  Operators whose output has
a data-dependent shape (`replace`, `upper` with 'ß' -> 'SS', UTF-8 decoding) are
built from *pieces*: one short sequence per input position, concatenated at offsets
that are sums of the earlier pieces' lengths.  Greedy left-to-right matching
(`count`, `replace`) is the recurrence "a match starts here and no earlier taken
match covers this position".  Parsing (`int(s)`) classifies every position relative
to the symbolic ends of the stripped body, so no symbolic index is needed except
for the sign.
"""
from __future__ import annotations

from typing import Callable

from smartest.solver import charclass
from smartest.terms import approx, build, const
from smartest.terms.term import Sort, Term
from smartest.terms.text import NUMBER_SPACE

_ZERO, _ONE = const(0), const(1)
NO_CHAR = const(-1)


def _implies(p: Term, q: Term) -> Term:
    return build.or_(build.not_(p), q)


def _active(s, k: int) -> Term:
    return build.lt(const(k), s.length)


def seq_ite(lw, c: Term, x, y):
    k = max(x.capacity, y.capacity)
    return lw.Seq(build.ite(c, x.length, y.length), tuple(build.ite(c, x.char(j), y.char(j)) for j in range(k)))


def concat_pieces(lw, pieces):
    """The concatenation of sequences whose lengths are symbolic."""
    offsets, off = [], _ZERO
    for p in pieces:
        offsets.append(off)
        off = build.add(off, p.length)
    capacity = sum(p.capacity for p in pieces)
    chars = []
    for j in range(capacity):
        out = NO_CHAR
        for p, o in reversed(list(zip(pieces, offsets))):
            for i in range(p.capacity - 1, -1, -1):
                hit = build.and_(build.eq(build.add(o, const(i)), const(j)), build.lt(const(i), p.length))
                out = build.ite(hit, p.chars[i], out)
        chars.append(out)
    return lw.Seq(off, tuple(chars))


def fresh_seq(lw, t: Term, capacity: int):
    """An unconstrained sequence standing for t (an abstraction: see terms/approx)."""
    n = lw.fresh_id(t)
    length = approx.approx(f"{t.op}#{n}.len", (), Sort.INT)
    length = build.ite(build.lt(length, _ZERO), _ZERO, build.ite(build.lt(const(capacity), length), const(capacity), length))
    return lw.Seq(length, tuple(approx.approx(f"{t.op}#{n}[{j}]", (), Sort.INT) for j in range(capacity)))


def in_set(c: Term, chars) -> Term:
    """Is code c one of the codes of the sequence `chars`?"""
    if chars.length.op == "const" and all(x.op == "const" for x in chars.chars[:chars.length.value]):
        codes = sorted({x.value for x in chars.chars[:chars.length.value]})
        rs = []
        for code in codes:
            if rs and rs[-1][1] == code - 1:
                rs[-1] = (rs[-1][0], code)
            else:
                rs.append((code, code))
        return charclass.in_ranges(c, rs)
    return build.or_(*(build.and_(build.lt(const(m), chars.length), build.eq(c, chars.chars[m]))
                       for m in range(chars.capacity)))


# -- case mapping and classes --------------------------------------------------------

def case(lw, t: Term):
    s, sort = lw.seq(t.args[0]), t.args[0].sort
    maps = [charclass.mapped(s.chars[k], t.op, sort) for k in range(s.capacity)]
    if all(m[0].op == "const" and m[0].value == 1 and len(m[1]) == 1 for m in maps) or \
            max((len(m[1]) for m in maps), default=1) == 1:
        exact = lw.Seq(s.length, tuple(m[1][0] for m in maps))
    else:
        pieces = [lw.Seq(build.ite(_active(s, k), maps[k][0], _ZERO), maps[k][1]) for k in range(s.capacity)]
        exact = concat_pieces(lw, pieces)
    if sort is Sort.BYTES:
        return exact
    latin1 = build.and_(*(_implies(_active(s, k), build.lt(s.chars[k], const(charclass.LATIN1)))
                          for k in range(s.capacity)))
    return seq_ite(lw, approx.guard(latin1), exact, fresh_seq(lw, t, s.capacity * charclass.WIDEST[t.op]))


def char_class(lw, t: Term) -> Term:
    s, sort, name = lw.seq(t.args[0]), t.args[0].sort, t.op
    act = [_active(s, k) for k in range(s.capacity)]
    if name == "isascii":
        return build.and_(*(_implies(a, build.lt(c, const(128))) for a, c in zip(act, s.chars)))
    if name == "isprintable":   # true of the empty string, unlike the other classes
        return build.and_(*(_implies(a, charclass.member(c, name, sort)) for a, c in zip(act, s.chars)))
    if name in ("isupper", "islower"):
        other = "islower" if name == "isupper" else "isupper"
        clean = build.and_(*(_implies(a, build.not_(build.or_(charclass.member(c, other, sort),
                                                              charclass.member(c, "istitle_char", sort))))
                             for a, c in zip(act, s.chars)))
        some = build.or_(*(build.and_(a, charclass.member(c, name, sort)) for a, c in zip(act, s.chars)))
        return build.and_(clean, some)
    return build.and_(build.le(_ONE, s.length),
                      *(_implies(a, charclass.member(c, name, sort)) for a, c in zip(act, s.chars)))


def _hex(d: Term) -> Term:
    return build.ite(build.lt(d, const(10)), build.add(d, const(48)), build.add(d, const(87)))


def repr_(lw, t: Term):
    """repr(s): exact for characters below U+0100 (printable, or a \\xNN escape)."""
    s = lw.seq(t.args[0])
    act = [_active(s, k) for k in range(s.capacity)]
    single = build.or_(*(build.and_(a, build.eq(c, const(39))) for a, c in zip(act, s.chars)))
    double = build.or_(*(build.and_(a, build.eq(c, const(34))) for a, c in zip(act, s.chars)))
    quote = build.ite(build.and_(single, build.not_(double)), const(34), const(39))
    slash = const(92)
    pieces = [lw.Seq(_ONE, (quote,))]
    for a, c in zip(act, s.chars):
        escaped = build.or_(build.eq(c, quote), build.eq(c, slash))
        named = {9: "t", 10: "n", 13: "r"}
        special = build.or_(*(build.eq(c, const(k)) for k in named))
        letter = const(0)
        for k, ch in named.items():
            letter = build.ite(build.eq(c, const(k)), const(ord(ch)), letter)
        hexed = build.or_(build.lt(c, const(32)), build.eq(c, const(127)),
                          build.and_(build.le(const(128), c), build.le(c, const(160))), build.eq(c, const(173)))
        hexed = build.and_(hexed, build.not_(special))
        length = build.ite(build.not_(a), _ZERO, build.ite(build.or_(escaped, special), const(2),
                                                           build.ite(hexed, const(4), _ONE)))
        first = build.ite(build.or_(escaped, special, hexed), slash, c)
        second = build.ite(escaped, c, build.ite(special, letter, const(ord("x"))))
        high, low = _hex(build.floordiv(c, const(16))), _hex(build.mod(c, const(16)))
        pieces.append(lw.Seq(length, (first, second, high, low)))
    pieces.append(lw.Seq(_ONE, (quote,)))
    exact = concat_pieces(lw, pieces)
    latin1 = build.and_(*(_implies(a, build.lt(c, const(charclass.LATIN1))) for a, c in zip(act, s.chars)))
    widest = 10  # \U0001f600
    return seq_ite(lw, approx.guard(latin1), exact, fresh_seq(lw, t, 2 + widest * s.capacity))


# -- scans: strip, split ----------------------------------------------------------

def _clamped(lw, i: Term, n: Term) -> Term:
    i = lw.lower(i)
    i = build.ite(build.lt(i, _ZERO), _ZERO, i)
    return build.ite(build.lt(n, i), n, i)


def scan(lw, t: Term) -> Term:
    s, chars = lw.seq(t.args[0]), lw.seq(t.args[2])
    if t.op == "rskip":
        end = _clamped(lw, t.args[1], s.length)
        out = _ZERO
        for k in range(s.capacity):
            out = build.ite(build.and_(build.lt(const(k), end), build.not_(in_set(s.chars[k], chars))),
                            const(k + 1), out)
        return out
    start = lw.lower(t.args[1])
    out = s.length
    for k in range(s.capacity - 1, -1, -1):
        inside = in_set(s.chars[k], chars)
        stop = build.not_(inside) if t.op == "skip" else inside
        out = build.ite(build.and_(build.le(start, const(k)), _active(s, k), stop), const(k), out)
    return out


# -- matching: count, replace, rfind --------------------------------------------------

def _taken(lw, s, sub, limit: int | None) -> list[Term]:
    """taken[i]: a match of sub starts at i and greedy left-to-right matching keeps it."""
    taken: list[Term] = []
    total = _ZERO
    for i in range(s.capacity + 1):
        covered = build.or_(*(build.and_(build.lt(const(d), sub.length), taken[i - d])
                              for d in range(1, min(i, sub.capacity - 1) + 1)))
        here = build.and_(lw.match(s, sub, i), build.not_(covered))
        if limit is not None:
            here = build.and_(here, build.lt(total, const(limit)))
            total = build.add(total, build.ite(here, _ONE, _ZERO))
        taken.append(here)
    return taken


def count(lw, t: Term) -> Term:
    s, sub = lw.seq(t.args[0]), lw.seq(t.args[1])
    out = _ZERO
    for here in _taken(lw, s, sub, None):
        out = build.add(out, build.ite(here, _ONE, _ZERO))
    return out


def rfind(lw, t: Term) -> Term:
    s, sub = lw.seq(t.args[0]), lw.seq(t.args[1])
    out = const(-1)
    for i in range(s.capacity + 1):
        out = build.ite(lw.match(s, sub, i), const(i), out)
    return out


def replace(lw, t: Term):
    s, old, new = lw.seq(t.args[0]), lw.seq(t.args[1]), lw.seq(t.args[2])
    n = t.args[3]
    if n.op != "const":
        raise NotImplementedError("replace with a symbolic count")
    taken = _taken(lw, s, old, None if n.value < 0 else n.value)
    pieces = []
    for k in range(s.capacity + 1):
        inside = build.or_(*(build.and_(build.lt(const(d), old.length), taken[k - d])
                             for d in range(0, min(k, old.capacity - 1) + 1)))
        keep = build.and_(_active(s, k), build.not_(inside)) if k < s.capacity else build.FALSE
        one = lw.Seq(build.ite(keep, _ONE, _ZERO), (s.char(k),))
        pieces.append(seq_ite(lw, taken[k], lw.concat(new, one), one))
    return concat_pieces(lw, pieces)


def reverse(lw, t: Term):
    s = lw.seq(t.args[0])
    return lw.Seq(s.length, tuple(s.char_at(build.sub(build.sub(s.length, _ONE), const(j)))
                                  for j in range(s.capacity)))


# -- parsing -------------------------------------------------------------------------

def _body(lw, s):
    """(start, end) of s stripped of the whitespace int() and float() ignore: the first
    non-space index (or len(s)), and one past the last (or 0)."""
    ws = lw.seq(const(NUMBER_SPACE))
    solid = [build.and_(_active(s, k), build.not_(in_set(s.chars[k], ws))) for k in range(s.capacity)]
    start, end = s.length, _ZERO
    for k in range(s.capacity - 1, -1, -1):
        start = build.ite(solid[k], const(k), start)
    for k in range(s.capacity):
        end = build.ite(solid[k], const(k + 1), end)
    return start, end


def _digits(lw, s, first: Term, end: Term):
    """(valid, value) of s[first:end] as decimal digits with single underscores between."""
    return _based_digits(s, first, end, 10)


def parse_int(lw, t: Term) -> Term:
    s = lw.seq(t.args[0])
    a, b = _body(lw, s)
    sign = s.char_at(a)
    plus, minus = build.eq(sign, const(ord("+"))), build.eq(sign, const(ord("-")))
    signed = build.and_(build.lt(a, b), build.or_(plus, minus))
    first = build.add(a, build.ite(signed, _ONE, _ZERO))
    valid, value = _digits(lw, s, first, b)
    if t.op == "parse_int_ok":
        return valid
    return build.ite(valid, build.ite(build.and_(signed, minus), build.neg(value), value), _ZERO)


def _digit_value(c: Term, base: int) -> tuple[Term, Term]:
    """(is a digit of `base`, its value): any Unicode decimal digit, ASCII letters."""
    dec = charclass.member(c, "isdecimal", Sort.STR)
    if base < 10:
        dec = build.and_(dec, build.lt(charclass.decimal_value(c), const(base)))
    if base <= 10:
        return dec, charclass.decimal_value(c)
    top = base - 11
    lower = build.and_(build.le(const(97), c), build.le(c, const(97 + top)))
    upper = build.and_(build.le(const(65), c), build.le(c, const(65 + top)))
    value = build.ite(lower, build.sub(c, const(87)), build.ite(upper, build.sub(c, const(55)), charclass.decimal_value(c)))
    return build.or_(dec, lower, upper), value


def _based_digits(s, first: Term, end: Term, base: int):
    """(valid, value) of s[first:end] as digits of `base` with single underscores between."""
    valid = [build.lt(first, end)]
    value = _ZERO
    under = const(ord("_"))
    for k in range(s.capacity):
        c = s.chars[k]
        inside = build.and_(build.le(first, const(k)), build.lt(const(k), end))
        digit, dv = _digit_value(c, base)
        prev_ok = build.and_(build.lt(first, const(k)), build.not_(build.eq(s.char(k - 1), under))) if k else build.FALSE
        next_ok = build.and_(build.lt(const(k + 1), end), build.not_(build.eq(s.char(k + 1), under)))
        valid.append(_implies(inside, build.or_(digit, build.and_(build.eq(c, under), prev_ok, next_ok))))
        value = build.ite(build.and_(inside, digit), build.add(build.mul(value, const(base)), dv), value)
    return build.and_(*valid), value


_PREFIX = {16: "xX", 8: "oO", 2: "bB"}


def parse_int_base(lw, t: Term) -> Term:
    """int(s, base): sign, an optional prefix (0x/0o/0b for its base; base 0 reads the
    base from it, and without one is decimal where a leading 0 allows only zeros), one
    underscore after a prefix, digits with single underscores between."""
    s, base = lw.seq(t.args[0]), t.args[1].value
    a, b = _body(lw, s)
    sign = s.char_at(a)
    plus, minus = build.eq(sign, const(ord("+"))), build.eq(sign, const(ord("-")))
    signed = build.and_(build.lt(a, b), build.or_(plus, minus))
    p0 = build.add(a, build.ite(signed, _ONE, _ZERO))
    # CPython turns every Unicode decimal digit into its ASCII digit first: '٠x1' is '0x1'.
    first_char = s.char_at(p0)
    zero = build.and_(build.lt(p0, b), charclass.member(first_char, "isdecimal", Sort.STR),
                      build.eq(charclass.decimal_value(first_char), _ZERO))

    def prefixed(b_: int):
        letter = s.char_at(build.add(p0, _ONE))
        has = build.and_(zero, build.lt(build.add(p0, _ONE), b),
                         build.or_(*(build.eq(letter, const(ord(x))) for x in _PREFIX[b_])))
        after = build.add(p0, const(2))
        skip = build.and_(build.lt(after, b), build.eq(s.char_at(after), const(ord("_"))))
        first = build.ite(has, build.add(after, build.ite(skip, _ONE, _ZERO)), p0)
        return has, _based_digits(s, first, b, b_)

    if base == 0:
        cases = []
        for b_ in (16, 8, 2):
            has, (ok, value) = prefixed(b_)
            cases.append((has, ok, value))
        ok10, value10 = _based_digits(s, p0, b, 10)
        valid = build.and_(ok10, _implies(zero, build.eq(value10, _ZERO)))
        value = value10
        for has, ok, v in reversed(cases):
            valid = build.ite(has, ok, valid)
            value = build.ite(has, v, value)
    elif base in _PREFIX:
        _, (valid, value) = prefixed(base)
    else:
        valid, value = _based_digits(s, p0, b, base)
    if t.op == "parse_int_base_ok":
        return valid
    return build.ite(valid, build.ite(build.and_(signed, minus), build.neg(value), value), _ZERO)


def _group(s, lo: Term, hi: Term, empty_ok: bool) -> tuple[Term, Term]:
    """(valid, number of digits) of s[lo:hi] as digits with single underscores between."""
    under = const(ord("_"))
    valid = [] if empty_ok else [build.lt(lo, hi)]
    digits = _ZERO
    for k in range(s.capacity):
        c = s.chars[k]
        inside = build.and_(build.le(lo, const(k)), build.lt(const(k), hi))
        digit = charclass.member(c, "isdecimal", Sort.STR)
        between = build.and_(build.eq(c, under), build.lt(lo, const(k)), build.lt(const(k + 1), hi),
                             build.not_(build.eq(s.char(k - 1), under)) if k else build.FALSE,
                             build.not_(build.eq(s.char(k + 1), under)))
        valid.append(_implies(inside, build.or_(digit, between)))
        digits = build.add(digits, build.ite(build.and_(inside, digit), _ONE, _ZERO))
    return build.and_(*valid), digits


def _first(s, lo: Term, hi: Term, codes: tuple[int, ...]) -> Term:
    """The first index in [lo, hi) holding one of `codes`, else hi."""
    out = hi
    for k in range(s.capacity - 1, -1, -1):
        hit = build.or_(*(build.eq(s.chars[k], const(c)) for c in codes))
        out = build.ite(build.and_(build.le(lo, const(k)), build.lt(const(k), hi), hit), const(k), out)
    return out


def _word(s, at: Term, end: Term, word: str) -> Term:
    """s[at:end] spells `word`, ignoring ASCII case."""
    return build.and_(build.eq(build.sub(end, at), const(len(word))),
                      *(build.or_(build.eq(s.char_at(build.add(at, const(i))), const(ord(ch))),
                                  build.eq(s.char_at(build.add(at, const(i))), const(ord(ch.upper()))))
                        for i, ch in enumerate(word)))


def parse_float(lw, t: Term) -> Term:
    """float(s): [sign] (digits [. digits] | . digits) [e [sign] digits] | inf | infinity |
    nan, around whitespace, with underscores between digits; the value is the decimal
    rounded once (an int product, or an int quotient, which Python rounds correctly)."""
    from smartest.terms import floats
    s = lw.seq(t.args[0])
    a, b = _body(lw, s)
    sign = s.char_at(a)
    minus = build.eq(sign, const(ord("-")))
    signed = build.and_(build.lt(a, b), build.or_(build.eq(sign, const(ord("+"))), minus))
    p = build.add(a, build.ite(signed, _ONE, _ZERO))
    e = _first(s, p, b, (ord("e"), ord("E")))
    d = _first(s, p, e, (ord("."),))
    has_dot, has_exp = build.lt(d, e), build.lt(e, b)
    int_ok, int_digits = _group(s, p, d, True)
    frac_ok, frac_digits = _group(s, build.add(d, _ONE), e, True)
    frac_ok = _implies(has_dot, frac_ok)
    frac_digits = build.ite(has_dot, frac_digits, _ZERO)
    x_sign = s.char_at(build.add(e, _ONE))
    x_minus = build.eq(x_sign, const(ord("-")))
    x_signed = build.or_(build.eq(x_sign, const(ord("+"))), x_minus)
    x_start = build.add(e, build.ite(x_signed, const(2), _ONE))
    x_ok, _ = _group(s, x_start, b, False)
    number = build.and_(int_ok, frac_ok, build.lt(_ZERO, build.add(int_digits, frac_digits)),
                        _implies(has_exp, x_ok))
    special = [_word(s, p, b, w) for w in ("inf", "infinity", "nan")]
    ok = build.or_(number, *special)
    if t.op == "parse_float_ok":
        return ok
    mantissa, exponent = _ZERO, _ZERO
    for k in range(s.capacity):
        c = s.chars[k]
        digit = charclass.member(c, "isdecimal", Sort.STR)
        in_mantissa = build.and_(build.le(p, const(k)), build.lt(const(k), e), build.not_(build.eq(const(k), d)), digit)
        mantissa = build.ite(in_mantissa, build.add(build.mul(mantissa, const(10)), charclass.decimal_value(c)), mantissa)
        in_exp = build.and_(build.le(x_start, const(k)), build.lt(const(k), b), digit)
        exponent = build.ite(in_exp, build.add(build.mul(exponent, const(10)), charclass.decimal_value(c)), exponent)
    scale = build.sub(build.ite(build.and_(has_exp, x_minus), build.neg(exponent), build.ite(has_exp, exponent, _ZERO)),
                      frac_digits)
    up = floats.i2f(build.mul(mantissa, build.power(const(10), scale)))
    down = floats.itruediv(mantissa, build.power(const(10), build.neg(scale)))
    magnitude = build.ite(build.le(_ZERO, scale), up, down)
    magnitude = build.ite(build.or_(special[0], special[1]), const(float("inf")),
                          build.ite(special[2], const(float("nan")), magnitude))
    return build.ite(ok, build.ite(build.and_(signed, minus), floats.fneg(magnitude), magnitude), const(0.0))


# -- bytes ------------------------------------------------------------------------------

def latin1(lw, t: Term):
    return lw.seq(t.args[0])


def _between(b: Term, lo: int, hi: int) -> Term:
    return build.and_(build.le(const(lo), b), build.le(b, const(hi)))


def _utf8(lw, s):
    """(valid, decoded pieces) of UTF-8 bytes, strictly as Python's decoder."""
    K = s.capacity
    b = [s.char(k) for k in range(K + 3)]
    lead, length, valid, pieces = [], [], [], []
    for k in range(K):
        covered = build.or_(*(build.and_(lead[k - d], build.lt(const(d), length[k - d]))
                              for d in (1, 2, 3) if k - d >= 0))
        here = build.and_(_active(s, k), build.not_(covered))
        c0 = b[k]
        n = build.ite(build.lt(c0, const(0x80)), _ONE,
                      build.ite(_between(c0, 0xC2, 0xDF), const(2),
                                build.ite(_between(c0, 0xE0, 0xEF), const(3),
                                          build.ite(_between(c0, 0xF0, 0xF4), const(4), _ZERO))))
        second = build.ite(build.eq(c0, const(0xE0)), _between(b[k + 1], 0xA0, 0xBF),
                           build.ite(build.eq(c0, const(0xED)), _between(b[k + 1], 0x80, 0x9F),
                                     build.ite(build.eq(c0, const(0xF0)), _between(b[k + 1], 0x90, 0xBF),
                                               build.ite(build.eq(c0, const(0xF4)), _between(b[k + 1], 0x80, 0x8F),
                                                         _between(b[k + 1], 0x80, 0xBF)))))
        rest = [_implies(build.lt(const(1), n), build.and_(second, build.le(const(k + 2), s.length)))]
        for d in (2, 3):
            rest.append(_implies(build.lt(const(d), n),
                                 build.and_(_between(b[k + d], 0x80, 0xBF), build.le(const(k + d + 1), s.length))))
        valid.append(_implies(here, build.and_(build.not_(build.eq(n, _ZERO)), *rest)))
        cont = [build.sub(b[k + d], const(0x80)) for d in (1, 2, 3)]
        code = build.ite(build.eq(n, _ONE), c0, build.ite(
            build.eq(n, const(2)), build.add(build.mul(build.sub(c0, const(0xC0)), const(64)), cont[0]), build.ite(
                build.eq(n, const(3)), build.add(build.add(build.mul(build.sub(c0, const(0xE0)), const(4096)),
                                                           build.mul(cont[0], const(64))), cont[1]),
                build.add(build.add(build.add(build.mul(build.sub(c0, const(0xF0)), const(262144)),
                                              build.mul(cont[0], const(4096))), build.mul(cont[1], const(64))),
                          cont[2]))))
        lead.append(here)
        length.append(n)
        pieces.append(lw.Seq(build.ite(here, _ONE, _ZERO), (code,)))
    return build.and_(*valid), pieces


def utf8(lw, t: Term):
    valid, pieces = _utf8(lw, lw.seq(t.args[0]))
    return concat_pieces(lw, pieces)


def utf8_ok(lw, t: Term) -> Term:
    return _utf8(lw, lw.seq(t.args[0]))[0]


def has_code(lw, t: Term) -> Term:
    s, n = lw.seq(t.args[0]), lw.lower(t.args[1])
    return build.or_(*(build.and_(_active(s, k), build.eq(s.chars[k], n)) for k in range(s.capacity)))


# -- encoding ---------------------------------------------------------------------------

def from_byte(lw, t: Term):
    n = lw.lower(t.args[0])
    ok = build.and_(build.le(_ZERO, n), build.le(n, const(255)))
    return lw.Seq(build.ite(ok, _ONE, _ZERO), (n,))


def encode_latin1(lw, t: Term):
    s = lw.seq(t.args[0])
    return lw.Seq(s.length, tuple(build.mod(c, const(256)) for c in s.chars))


def _utf8_piece(c: Term, active: Term):
    """The 1-4 bytes of one code point, as a piece of symbolic length."""
    def cont(shift: int) -> Term:
        return build.add(const(0x80), build.mod(build.floordiv(c, const(64 ** shift)), const(64)))
    one, two, three = build.lt(c, const(0x80)), build.lt(c, const(0x800)), build.lt(c, const(0x10000))
    length = build.ite(active, build.ite(one, _ONE, build.ite(two, const(2), build.ite(three, const(3), const(4)))), _ZERO)
    lead = build.ite(one, c, build.ite(two, build.add(const(0xC0), build.floordiv(c, const(64))),
                                       build.ite(three, build.add(const(0xE0), build.floordiv(c, const(4096))),
                                                 build.add(const(0xF0), build.floordiv(c, const(262144))))))
    second = build.ite(two, cont(0), build.ite(three, cont(1), cont(2)))
    third = build.ite(three, cont(0), cont(1))
    return length, (lead, second, third, cont(0))


def encode_utf8(lw, t: Term):
    s = lw.seq(t.args[0])
    pieces = []
    for k in range(s.capacity):
        length, codes = _utf8_piece(s.chars[k], _active(s, k))
        pieces.append(lw.Seq(length, codes))
    return concat_pieces(lw, pieces)


def codes_outside(lw, t: Term) -> Term:
    s, lo, hi = lw.seq(t.args[0]), lw.lower(t.args[1]), lw.lower(t.args[2])
    return build.and_(*(_implies(_active(s, k), build.or_(build.lt(s.chars[k], lo), build.lt(hi, s.chars[k])))
                        for k in range(s.capacity)))


# Operators producing a sequence, and those producing an int or bool from one.
SEQS: dict[str, Callable] = {"lower": case, "upper": case, "repr": repr_, "replace": replace, "reverse": reverse,
                             "latin1": latin1, "utf8": utf8, "from_byte": from_byte, "encode_utf8": encode_utf8,
                             "encode_latin1": encode_latin1}
VALUES: dict[str, Callable] = {"skip": scan, "seek": scan, "rskip": scan, "count": count, "rfind": rfind,
                               "parse_int": parse_int, "parse_int_ok": parse_int,
                               "parse_int_base": parse_int_base, "parse_int_base_ok": parse_int_base, "utf8_ok": utf8_ok,
                               "parse_float": parse_float, "parse_float_ok": parse_float, "has_code": has_code,
                               "codes_outside": codes_outside}
VALUES.update({name: char_class for name in ("isdigit", "isdecimal", "isnumeric", "isalpha", "isalnum",
                                             "isspace", "isupper", "islower", "isascii", "isprintable")})
