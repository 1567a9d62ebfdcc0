"""Text formatting of proxies: f-strings, `%`, `str.format` and `format()`.

C builds the result of every one of these, so without a model a symbolic int or str
that is formatted leaves a plain string.  The model covers what real code formats:
ints with `d`, `x`, `X`, `o`, `b`, `c` (and no type), the alternate form `#` (its
0x/0o/0b prefix), grouping with `,` or `_` (the `group` term over the digits), strs
with `s` (and no type), bools, each with fill, alignment, sign, zero padding, width
and a string precision; `%d %i %u %x %X %o` with their flags, width and precision (at
least that many digits), `%c` of a code or a character; conversions `!s` and `!r` of
ints, bools and strs.  Padding is a prefix of a constant string of fill characters,
as long as the width minus the body, so a width is exact for any body.  Anything else
(floats' shortest repr, `n`, grouped digits with a '0' fill) uses the concrete value
and records a concretization.
"""
from __future__ import annotations

import re
import string
from typing import Any

from smartest.symbolic.bools import SymBool
from smartest.symbolic.ints import SymInt
from smartest.symbolic.strs import SymStr, _branch, make_str
from smartest.symbolic.realize import scalar_value as _plain
from smartest.terms import Term, build, text
from smartest.trace.recorder import record_concretization
from smartest.symbolic.upward import provide

_ZERO = build.const(0)
_SPEC = re.compile(r"^(?:(?P<fill>.)?(?P<align>[<>=^]))?(?P<sign>[-+ ])?(?P<alt>#)?(?P<zero>0)?(?P<width>\d+)?"
                   r"(?P<group>[,_])?(?:\.(?P<precision>\d+))?(?P<type>[sdxXobc]?)$", re.S)
# The base and alternate-form prefix of each integer presentation type.
_RADIX = {"": (10, ""), "d": (10, ""), "x": (16, "0x"), "X": (16, "0X"), "o": (8, "0o"), "b": (2, "0b")}


def _symbolic(x) -> bool:
    return type(x) in (SymInt, SymStr, SymBool)




def _pad(body: Term, width: int, fill: str, align: str, head: Term | None = None) -> Term:
    """body padded to width (head: a sign that '=' alignment keeps in front)."""
    whole = body if head is None else build.concat(head, body)
    if not width:
        return whole
    missing = build.sub(build.const(width), build.length(whole))
    missing = build.ite(build.lt(missing, _ZERO), _ZERO, missing)
    filler = build.const(fill * width)
    if align == "<":
        return build.concat(whole, build.substr(filler, _ZERO, missing))
    if align == "^":
        left = build.floordiv(missing, build.const(2))
        return build.concat(build.concat(build.substr(filler, _ZERO, left), whole),
                            build.substr(filler, _ZERO, build.sub(missing, left)))
    if align == "=" and head is not None:
        return build.concat(build.concat(head, build.substr(filler, _ZERO, missing)), body)
    return build.concat(build.substr(filler, _ZERO, missing), whole)


def format_value(value: Any, spec: str = "", min_digits: int = 0, shown: str | None = None) -> Any:
    """format(value, spec): a SymStr for a proxy the model covers.  For %-formatting,
    `min_digits` (its precision) zero-pads an int's digits inside the sign and prefix,
    and `shown` is CPython's text of the directive."""
    if _symbolic(spec):
        # A spec with a field of its own (`f"{s:>{n}}"`): C reads its concrete text.
        record_concretization("a format spec built from a symbolic value")
    if not _symbolic(value) or type(spec) is not str:
        return format(_plain(value), _plain(spec))
    m = _SPEC.match(spec)
    t = type(value)
    if m is not None and m["type"] == "c" and t is not SymStr:
        code = _char_code(value)      # before CPython raises OverflowError outside the range
    concrete = format(_plain(value), spec) if shown is None else shown
    if t is SymBool and not spec:
        return make_str(concrete, build.ite(value.term, build.const("True"), build.const("False")))
    fill = m["fill"] or ("0" if m["zero"] else " ") if m is not None else ""
    if m is None or (t is SymStr and (m["sign"] or m["alt"] or m["group"] or m["type"] not in ("", "s"))) or \
            (t is not SymStr and (m["precision"] or m["type"] == "s")) or (m["group"] and fill == "0"):
        # (a '0' fill of grouped digits is grouped too: '00,001,234')
        record_concretization(f"format spec {spec!r} of a {t.__name__[3:].lower()} has no model")
        return concrete
    width = int(m["width"] or 0)
    # (A '0' before the width is the fill when none is given, with '=' alignment for numbers.)
    if t is SymStr:
        body = value.term
        if m["precision"] is not None:
            body = build.substr(body, _ZERO, build.const(int(m["precision"])))
        return make_str(concrete, _pad(body, width, fill, m["align"] or "<"))
    if m["type"] == "c":
        align = m["align"] if m["align"] not in (None, "=") else ">"
        return make_str(concrete, _pad(build.from_code(code), width, fill, align))
    head, digits = int_text(value, m["type"], bool(m["alt"]), m["sign"] or "-", min_digits, m["group"])
    align = m["align"] or ("=" if m["zero"] else ">")
    return make_str(concrete, _pad(digits, width, fill, align, head))


def _char_code(value) -> Term:
    """The code of `format(n, 'c')` / `'%c' % n`, with `0 <= n <= 0x10FFFF` recorded."""
    n = value.term if type(value) is SymInt else build.ite(value.term, build.const(1), _ZERO)
    plain = int(_plain(value))
    _branch(build.and_(build.le(_ZERO, n), build.le(n, build.const(0x10FFFF))), 0 <= plain <= 0x10FFFF, 3)
    return n


def _char_text(value, flags: str, width: str | None) -> Any:
    """`'%c' % value` for a proxy (an int code or a 1-character str; the branch that
    decides CPython's OverflowError or TypeError is recorded first)."""
    if type(value) is SymStr:
        if not _branch(build.eq(build.length(value.term), build.const(1)), str.__len__(value) == 1, 3):
            return None
        body, shown = value.term, str.__str__(value)
    else:
        body = build.from_code(_char_code(value))
        shown = chr(int(_plain(value))) if 0 <= int(_plain(value)) <= 0x10FFFF else None
        if shown is None:
            return None
    w = int(width or 0)
    text_ = shown.ljust(w) if "-" in flags else shown.rjust(w)
    return make_str(text_, _pad(body, w, " ", "<" if "-" in flags else ">"))


def int_text(value: Any, kind: str, alt: bool, sign: str, min_digits: int = 0,
             separator: str | None = None) -> tuple[Term, Term]:
    """(sign and prefix, digits) of a symbolic int or bool in presentation type `kind`
    ('', 'd', 'x', 'X', 'o', 'b'), the digits grouped by `separator` if one is given."""
    n = value.term if type(value) is SymInt else build.ite(value.term, build.const(1), _ZERO)
    negative = build.lt(n, _ZERO)
    magnitude = build.ite(negative, build.neg(n), n)
    base, prefix = _RADIX[kind]
    digits = build.nat_to_str(magnitude) if base == 10 else text.radix(magnitude, base, kind == "X")
    if separator:
        digits = text.group(digits, 3 if base == 10 else 4, separator)
    if min_digits:
        digits = _pad(digits, min_digits, "0", ">")
    plus = {"+": "+", " ": " "}.get(sign, "")
    head = build.ite(negative, build.const("-"), build.const(plus))
    if alt and prefix:
        head = build.concat(head, build.const(prefix))
    return head, digits


def convert(value: Any, conversion: str | None) -> Any:
    """!s, !r, !a of a value (None: no conversion)."""
    if conversion is None or not _symbolic(value):
        return value if conversion is None else {"s": str, "r": repr, "a": ascii}[conversion](value)
    if type(value) is SymStr and conversion in ("s", "r"):
        return value if conversion == "s" else make_str(str.__repr__(value), text.repr_(value.term))
    if type(value) in (SymInt, SymBool) and conversion in ("s", "r", "a"):
        return format_value(value, "")
    record_concretization(f"!{conversion} of a {type(value).__name__[3:].lower()} has no model")
    return {"s": str, "r": repr, "a": ascii}[conversion](_plain(value))


def concat(parts) -> Any:
    out = ""
    for p in parts:
        out = out + p   # SymStr's reflected + comes first: the term is kept
    return out


def _checked(out, concrete: str):
    """The model's result, which must spell the concrete one (else say so and use it)."""
    if _plain(out) == concrete:
        return out
    record_concretization("formatting model disagreed with CPython (please report)")
    return concrete


def fstring(*parts) -> Any:
    """An f-string: literal parts, and (value, conversion, spec) for each field."""
    pieces = []
    for p in parts:
        if type(p) is tuple:
            value, conversion, spec = p
            pieces.append(format_value(convert(value, conversion), "" if spec is None else spec))
        else:
            pieces.append(p)
    return concat(pieces)


# -- %-formatting ------------------------------------------------------------------

_PERCENT = re.compile(r"%(?:\((?P<key>[^)]*)\))?(?P<flags>[-+ 0#]*)(?P<width>\d+|\*)?(?:\.(?P<prec>\d+|\*))?"
                      r"(?P<type>.)", re.S)


def percent(template: str, args: Any) -> Any:
    """template % args for a plain template: %s, %r, %d, %i, %u, %x, %X, %o, %c and %% are
    modelled (with their flags, width and precision)."""
    try:
        concrete = template % _realized(args)
    except (OverflowError, TypeError):
        if _mentions(args):
            _char_branches(template, args)
        raise
    if not _mentions(args):
        return concrete
    items = args if type(args) is tuple else (args,)
    mapping = args if isinstance(args, dict) else None
    pieces, pos, k = [], 0, 0
    for m in _PERCENT.finditer(template):
        pieces.append(template[pos:m.start()])
        pos = m.end()
        kind = m["type"]
        if kind == "%":
            pieces.append("%")
            continue
        if "*" in (m["width"] or "") + (m["prec"] or "") or kind not in "sdiruxXoc" or (kind == "c" and m["prec"]):
            record_concretization(f"%{kind} formatting has no model")
            return concrete
        if m["key"] is not None and mapping is not None:
            value = mapping[m["key"]]
        else:
            value = items[k]
            k += 1
        flags = m["flags"]
        directive = "%" + flags + (m["width"] or "") + (f".{m['prec']}" if m["prec"] else "") + kind
        if kind == "c":
            pieces.append(_char_text(value, flags, m["width"]) if _symbolic(value) else directive % value)
        elif kind in "diuxXo" and not _symbolic(value):
            pieces.append(directive % value)
        elif kind in "diuxXo":
            spec = ("<" if "-" in flags else "") + ("+" if "+" in flags else " " if " " in flags else "") \
                + ("#" if "#" in flags else "") + ("0" if "0" in flags and "-" not in flags else "") \
                + (m["width"] or "") + ("d" if kind in "diu" else kind)
            pieces.append(format_value(value, spec, int(m["prec"] or 0), directive % _plain(value)))
        else:
            shown = convert(value, kind if kind == "r" else "s") if _symbolic(value) else \
                (repr(value) if kind == "r" else str(value))
            if m["prec"] is not None:
                shown = shown[:int(m["prec"])]
            width = int(m["width"] or 0)
            pieces.append(format_value(shown, ("<" if "-" in flags else ">") + str(width)) if width else shown)
    pieces.append(template[pos:])
    return _checked(concat(pieces), concrete)


def _char_branches(template: str, args: Any) -> None:
    """CPython refused a %c argument (out of range, not one character): record the
    branches that decide it for the proxies among them, as a run that formats does."""
    items = args if type(args) is tuple else (args,)
    k = 0
    for m in _PERCENT.finditer(template):
        if m["type"] == "%":
            continue
        if m["key"] is not None and isinstance(args, dict):
            value = args.get(m["key"])
        elif k < len(items):
            value, k = items[k], k + 1
        else:
            return
        if m["type"] == "c" and _symbolic(value) and _char_text(value, m["flags"], None) is None:
            return


def _realized(args):
    if type(args) is tuple:
        return tuple(_plain(a) for a in args)
    if isinstance(args, dict):
        return {k: _plain(v) for k, v in args.items()}
    return _plain(args)


def _mentions(args) -> bool:
    if type(args) is tuple:
        return any(_symbolic(a) for a in args)
    if isinstance(args, dict):
        return any(_symbolic(v) for v in args.values())
    return _symbolic(args)


# -- str.format ----------------------------------------------------------------------

def str_format(template: str, *args, **kwargs) -> Any:
    """template.format(...) for a plain template: fields by position or name."""
    concrete = template.format(*(_plain(a) for a in args), **{k: _plain(v) for k, v in kwargs.items()})
    if not any(_symbolic(a) for a in args) and not any(_symbolic(v) for v in kwargs.values()):
        return concrete
    pieces, auto = [], 0
    for literal, field, spec, conversion in string.Formatter().parse(template):
        pieces.append(literal)
        if field is None:
            continue
        if field == "":
            key: Any = auto
            auto += 1
        elif field.isdigit():
            key = int(field)
        elif field.isidentifier():
            key = field
        else:
            record_concretization("str.format field with attribute or index access")
            return concrete
        if spec and "{" in spec:
            record_concretization("str.format with a nested format spec")
            return concrete
        value = args[key] if isinstance(key, int) else kwargs[key]
        pieces.append(format_value(convert(value, conversion), spec or ""))
    return _checked(concat(pieces), concrete)


provide(format_value=format_value, percent=percent)
