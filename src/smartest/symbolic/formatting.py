"""Text formatting of proxies: f-strings, `%`, `str.format` and `format()`.

C builds the result of every one of these, so without a model a symbolic int or str
that is formatted leaves a plain string.  The model covers what real code formats:
ints with `d` (and no type), strs with `s` (and no type), bools, each with fill,
alignment, sign, zero padding, width and a string precision; conversions `!s` and
`!r` of ints, bools and strs.  Padding is a prefix of a constant string of fill
characters, as long as the width minus the body, so a width is exact for any body.
Anything else (floats' shortest repr, `x`, `e`, grouping) uses the concrete value
and records a concretization.
"""
from __future__ import annotations

import re
import string
from typing import Any

from smartest.symbolic.bools import SymBool
from smartest.symbolic.ints import SymInt
from smartest.symbolic.strs import SymStr, make_str
from smartest.symbolic.realize import scalar_value as _plain
from smartest.terms import Term, build
from smartest.trace.recorder import record_concretization
from smartest.symbolic.upward import provide

_ZERO = build.const(0)
_SPEC = re.compile(r"^(?:(?P<fill>.)?(?P<align>[<>=^]))?(?P<sign>[-+ ])?(?P<zero>0)?(?P<width>\d+)?"
                   r"(?:\.(?P<precision>\d+))?(?P<type>[sd]?)$", re.S)


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


def format_value(value: Any, spec: str = "") -> Any:
    """format(value, spec): a SymStr for a proxy the model covers."""
    if _symbolic(spec):
        # A spec with a field of its own (`f"{s:>{n}}"`): C reads its concrete text.
        record_concretization("a format spec built from a symbolic value")
    if not _symbolic(value) or type(spec) is not str:
        return format(_plain(value), _plain(spec))
    concrete = format(_plain(value), spec)
    m = _SPEC.match(spec)
    t = type(value)
    if t is SymBool and not spec:
        return make_str(concrete, build.ite(value.term, build.const("True"), build.const("False")))
    if m is None or (t is SymStr and (m["sign"] or m["type"] == "d")) or \
            (t is not SymStr and (m["precision"] or m["type"] == "s")):
        record_concretization(f"format spec {spec!r} of a {t.__name__[3:].lower()} has no model")
        return concrete
    width = int(m["width"] or 0)
    if t is SymStr:
        body = value.term
        if m["precision"] is not None:
            body = build.substr(body, _ZERO, build.const(int(m["precision"])))
        fill = m["fill"] or ("0" if m["zero"] and not m["align"] else " ")
        return make_str(concrete, _pad(body, width, fill, m["align"] or "<"))
    n = value.term if t is SymInt else build.ite(value.term, build.const(1), _ZERO)
    negative = build.lt(n, _ZERO)
    digits = build.nat_to_str(build.ite(negative, build.neg(n), n))
    plus = {"+": "+", " ": " "}.get(m["sign"] or "-", "")
    head = build.ite(negative, build.const("-"), build.const(plus))
    if m["zero"] and not m["align"]:
        return make_str(concrete, _pad(digits, width, m["fill"] or "0", "=", head))
    return make_str(concrete, _pad(digits, width, m["fill"] or " ", m["align"] or ">", head))


def convert(value: Any, conversion: str | None) -> Any:
    """!s, !r, !a of a value (None: no conversion)."""
    if conversion is None or not _symbolic(value):
        return value if conversion is None else {"s": str, "r": repr, "a": ascii}[conversion](value)
    if type(value) is SymStr and conversion in ("s", "r"):
        from smartest.terms import text
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
    """template % args for a plain template: %s, %r, %d, %i and %% are modelled."""
    concrete = template % _realized(args)
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
        if "*" in (m["width"] or "") + (m["prec"] or "") or kind not in "sdir" or "#" in m["flags"]:
            record_concretization(f"%{kind} formatting has no model")
            return concrete
        if m["key"] is not None and mapping is not None:
            value = mapping[m["key"]]
        else:
            value = items[k]
            k += 1
        if kind in "di":
            if type(value) not in (SymInt, SymBool):
                value = int(_plain(value))  # a float is truncated (concretely)
            spec = ("<" if "-" in m["flags"] else "") + ("+" if "+" in m["flags"] else " " if " " in m["flags"] else "") \
                + ("0" if "0" in m["flags"] and "-" not in m["flags"] else "") + (m["width"] or "")
            pieces.append(format_value(value, spec))
        else:
            text = convert(value, kind if kind == "r" else "s") if _symbolic(value) else \
                (repr(value) if kind == "r" else str(value))
            if m["prec"] is not None:
                text = text[:int(m["prec"])]
            width = int(m["width"] or 0)
            pieces.append(format_value(text, ("<" if "-" in m["flags"] else ">") + str(width)) if width else text)
    pieces.append(template[pos:])
    return _checked(concat(pieces), concrete)


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
