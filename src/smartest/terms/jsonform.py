"""A typed JSON form of terms: how terms leave the process (the summary store) as
data that is read back by building terms, never by running code.

A list of terms is written as one table of nodes in dependency order, each node
`[op, sort, value, [argument indices]]`, so a subterm shared by many terms is
written once; `roots` index the table.  Values carry their type: `["i", hex]` for
an int (hex has no digit limit, unlike `str(int)` past 4,300 digits), `["f", hex]`
for a float (NaN and -0.0 exact), `["s", text]`, `["b", hex]`, `["t", [...]]` for
a tuple, `true`/`false`/`null`.  Anything else cannot be written (`NotEncodable`)
and anything malformed cannot be read (`Malformed`); reading interns the nodes
again through `make`, so identity-equality holds across processes.
"""
from __future__ import annotations

from typing import Any, Iterable

from smartest.terms.rewrite import transform
from smartest.terms.term import Sort, Term, make

_SORTS = {s.value: s for s in Sort}


class NotEncodable(ValueError):
    """A term holds a value the typed form has no tag for."""


class Malformed(ValueError):
    """Stored data that is not a typed term table."""


def encode_value(v: Any) -> Any:
    t = type(v)
    if v is None or t is bool:
        return v
    if t is int:
        return ["i", hex(v)]
    if t is float:
        return ["f", v.hex()]
    if t is str:
        return ["s", v]
    if t is bytes:
        return ["b", v.hex()]
    if t is tuple:
        return ["t", [encode_value(x) for x in v]]
    raise NotEncodable(f"no typed form for a {t.__name__} in a term")


def decode_value(d: Any) -> Any:
    if d is None or type(d) is bool:
        return d
    if type(d) is not list or len(d) != 2 or type(d[0]) is not str:
        raise Malformed(f"not a typed value: {d!r:.60}")
    tag, body = d
    try:
        if tag == "i" and type(body) is str:
            return int(body, 16)
        if tag == "f" and type(body) is str:
            return float.fromhex(body)
        if tag == "s" and type(body) is str:
            return body
        if tag == "b" and type(body) is str:
            return bytes.fromhex(body)
        if tag == "t" and type(body) is list:
            return tuple(decode_value(x) for x in body)
    except ValueError as e:
        raise Malformed(str(e)) from None
    raise Malformed(f"unknown value tag {tag!r:.20}")


def encode_terms(terms: Iterable[Term | None]) -> dict:
    """{"nodes": [...], "roots": [index or None, ...]} for the terms, in order."""
    terms = list(terms)
    seen: dict[Term, Term] = {}
    for t in terms:
        if t is not None:
            transform(t, _unchanged, seen)   # fills `seen` children first
    index = {t: i for i, t in enumerate(seen)}
    nodes = [[t.op, t.sort.value, encode_value(t.value), [index[a] for a in t.args]] for t in seen]
    return {"nodes": nodes, "roots": [None if t is None else index[t] for t in terms]}


def _unchanged(t: Term) -> None:
    return None


def decode_terms(d: Any) -> list[Term | None]:
    """The terms of an `encode_terms` table, interned again."""
    if type(d) is not dict or type(d.get("nodes")) is not list or type(d.get("roots")) is not list:
        raise Malformed("not a term table")
    built: list[Term] = []
    for node in d["nodes"]:
        if type(node) is not list or len(node) != 4:
            raise Malformed("not a term node")
        op, sort, value, args = node
        if type(op) is not str or type(sort) is not str or sort not in _SORTS or type(args) is not list \
                or not all(type(a) is int and 0 <= a < len(built) for a in args):
            raise Malformed("bad term node")
        built.append(make(op, tuple(built[a] for a in args), _SORTS[sort], decode_value(value)))
    out: list[Term | None] = []
    for r in d["roots"]:
        if r is None:
            out.append(None)
        elif type(r) is int and 0 <= r < len(built):
            out.append(built[r])
        else:
            raise Malformed("bad term root")
    return out
