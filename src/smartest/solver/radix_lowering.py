"""Lowering of the digit texts of ints for the bounded-string layer: `radix(n, base,
upper)` (the digits of `format(n, 'x')`, `'o'`, `'b'`) and `group(s, size, sep)` (the
separators of `format(n, ',')`).

As for `str(n)` (`StringLowering._nat_to_str`), the digits are fresh variables d_k
(0 <= d_k < base) tied to n by one linear equation, n == sum(d_k * base**k) +
base**D * high, so a query about the text of n stays linear.  The encoding is exact
for n < base**D (D digits, at least 2**48 for every base) and guarded there; past it
an over-approximation (a longer text of free digits) answers, and a model that uses
it is checked by evaluating the terms with Python's `format`
(`solver/exactness.py`), as for `str(n)`.
"""
from __future__ import annotations

from smartest.solver import text_lowering
from smartest.terms import approx, build, const, var
from smartest.terms.term import Sort, Term

DIGITS = {2: 48, 8: 16, 16: 12}     # exact below base**D >= 2**48
_ZERO = const(0)
NO_CHAR = const(-1)


def _code(d: Term, upper: bool) -> Term:
    """The character code of digit d (0-9, then a-f or A-F)."""
    letters = ord("A" if upper else "a") - 10
    return build.ite(build.lt(d, const(10)), build.add(d, const(48)), build.add(d, const(letters)))


def _exact(lw, n: Term, base: int, upper: bool, key: int):
    width = DIGITS[base]
    digits = [var(f"radix#{key}.d{k}", Sort.INT) for k in range(width)]
    high = var(f"radix#{key}.high", Sort.INT)
    value = build.mul(const(base ** width), high)
    for k, d in enumerate(digits):
        value = build.add(value, build.mul(const(base ** k), d))
    tie = build.or_(build.lt(n, _ZERO), build.and_(build.le(_ZERO, high), build.eq(n, value)))
    for d in digits:
        lw.aux[d] = build.and_(build.le(_ZERO, d), build.le(d, const(base - 1)), tie)
    lw.aux[high] = tie
    # Length: 1 for n < base (format(0, 'x') is '0'), k + 1 for base**k <= n < base**(k+1).
    length = const(width)
    for k in range(width - 1, 0, -1):
        length = build.ite(build.lt(n, const(base ** k)), const(k), length)
    length = build.ite(build.lt(n, _ZERO), _ZERO, length)
    chars = []
    for j in range(width):
        c = NO_CHAR
        for size in range(width, j, -1):
            c = build.ite(build.eq(length, const(size)), _code(digits[size - 1 - j], upper), c)
        chars.append(c)
    return lw.Seq(length, tuple(chars))


def _long(lw, base: int, upper: bool, key: int):
    """What the digits may be for n >= base**D, over-approximated: D + 1 to 2D digits,
    the first not 0.  Only a candidate model comes out of it (checked before use)."""
    width = DIGITS[base]
    size = approx.approx(f"radix#{key}.long", (), Sort.INT)
    low, high = width + 1, 2 * width
    length = build.ite(build.lt(size, const(low)), const(low),
                       build.ite(build.lt(const(high), size), const(high), size))
    chars = []
    for j in range(high):
        raw = approx.approx(f"radix#{key}.long[{j}]", (), Sort.INT)
        first = const(1 if j == 0 else 0)
        ok = build.and_(build.le(first, raw), build.le(raw, const(base - 1)))
        chars.append(_code(build.ite(ok, raw, first), upper))
    return lw.Seq(length, tuple(chars))


def radix(lw, t: Term):
    n = lw.lower(t.args[0])
    base, upper = t.args[1].value, t.args[2].value
    key = lw.fresh_id(t)
    small = approx.guard(build.lt(n, const(base ** DIGITS[base])))
    return text_lowering.seq_ite(lw, small, _exact(lw, n, base, upper, key), _long(lw, base, upper, key))


def group(lw, t: Term):
    """The groups as substrings of s after a head of (len - 1) % size + 1 characters,
    each behind a separator where it starts inside s: as many as s's capacity can
    hold, so the lowering is exact for every s the layer represents."""
    s, size, separator = t.args[0], t.args[1].value, t.args[2]
    length = build.length(s)
    head = build.add(build.mod(build.sub(length, const(1)), const(size)), const(1))
    out = build.substr(s, _ZERO, head)
    for i in range(-(-lw.seq(s).capacity // size)):
        start = build.add(head, const(i * size))
        piece = build.concat(separator, build.substr(s, start, const(size)))
        out = build.concat(out, build.ite(build.lt(start, length), piece, const("")))
    return lw.seq(out)


text_lowering.SEQS["radix"] = radix
text_lowering.SEQS["group"] = group
