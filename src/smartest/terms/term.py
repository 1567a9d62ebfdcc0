"""Term nodes: immutable, hash-consed, with cached free-variable sets.

Hash-consing means structurally equal terms are the same object, so equality is
identity and caches keyed by terms (the z3 translation, the query cache,
independence slicing) cost a pointer comparison.  The hash is structural, computed
once when a node is interned: hashing by `id` made every set of terms iterate in
an order set by memory addresses, so the order constraints reached z3, and so its
models and the tests, changed with anything that allocated before the exploration
(measured: a resumed exploration, which reads its run directory first, wrote other
tests than an uninterrupted one from run 170 on).  Nor is Python's own hash of a
string fit: it is salted per process (PYTHONHASHSEED), so the same constraints
reached z3 in another order in every process, and a resumed exploration (a new
process replaying the recorded runs) left the recorded path at run 192 on one of five
seeds of the kill test.  Strings and bytes are hashed with a keyed-free BLAKE2
digest instead, and None (whose hash is its address before Python 3.12) as 0, so
the order is the same in every process.
"""
from __future__ import annotations

import enum
from hashlib import blake2b as _blake2b   # bound now: exploration wraps hashlib's names
from typing import Any, Iterable


class Sort(enum.Enum):
    """The sorts of our terms; each maps to one z3 sort at the solver boundary."""

    INT = "Int"
    BOOL = "Bool"
    STR = "String"
    FLOAT = "Float64"      # IEEE double (z3 floating point)
    BYTES = "Bytes"        # lowered like strings, code points 0..255

    # Enum's own __hash__ is Python code; terms are keyed by sort on every make().
    __hash__ = object.__hash__


class Term:
    """One node: an operator, its argument terms, its sort, and for leaves a value.

    Never construct directly: use `var`, `const` or the constructors in `build`,
    which intern the node.
    """

    __slots__ = ("op", "args", "sort", "value", "_free", "_hash", "__weakref__")

    op: str
    args: tuple["Term", ...]
    sort: Sort
    value: Any
    _free: frozenset | None

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        if self.op == "const":
            return repr(self.value)
        if self.op == "var":
            return str(self.value)
        return "(" + " ".join([self.op, *map(repr, self.args)]) + ")"

    @property
    def is_const(self) -> bool:
        return self.op == "const"

    @property
    def free(self) -> frozenset["Term"]:
        """The variables this term mentions (computed once, then cached)."""
        f = self._free
        if f is None:
            if self.op == "var":
                f = frozenset((self,))
            elif not self.args:
                f = frozenset()
            elif len(self.args) == 1:
                f = self.args[0].free
            else:
                f = frozenset().union(*(a.free for a in self.args))
            self._free = f
        return f

    def __reduce__(self):
        # Re-intern on unpickling, so identity-equality survives a process boundary.
        return (_rebuild, (self.op, self.args, self.sort, self.value))


_TABLE: dict[tuple, Term] = {}


def make(op: str, args: tuple[Term, ...], sort: Sort, value: Any = None) -> Term:
    """Intern a node: the one constructor every other constructor goes through."""
    if op == "const":
        # bool is an int subclass: keep True and 1 apart in the table.  Floats are
        # keyed by their hex form: -0.0 == 0.0 and nan != nan as dictionary keys.
        key = (op, sort, type(value), value.hex() if type(value) is float else value)
    else:
        key = (op, args, sort, value)
    t = _TABLE.get(key)
    if t is None:
        t = object.__new__(Term)
        t.op, t.args, t.sort, t.value, t._free = op, args, sort, value, None
        t._hash = hash((_stable(op), _stable(sort.value), _stable(key[-1] if op == "const" else value),
                        tuple(a._hash for a in args)))
        _TABLE[key] = t
    return t


_STABLE: dict[str, int] = {}   # operator, sort and variable names: a small set, hashed once


def _stable(value: Any) -> Any:
    """`value`, or for text a hash of it that does not change from process to process.
    Numbers and booleans hash the same everywhere already."""
    if type(value) is str:
        h = _STABLE.get(value)
        if h is None:
            h = _digest(value.encode("utf-8", "surrogatepass"))
            if len(_STABLE) < 100_000:
                _STABLE[value] = h
        return h
    if type(value) is bytes:
        return _digest(value)
    if type(value) is tuple:
        return tuple(map(_stable, value))
    if value is None:
        return 0        # hash(None) is its address before Python 3.12
    return value


def _digest(data: bytes) -> int:
    return int.from_bytes(_blake2b(data, digest_size=8).digest(), "little", signed=True)


def _rebuild(op, args, sort, value):
    return make(op, args, sort, value)


def var(name: str, sort: Sort) -> Term:
    """A symbolic input, named after the parameter (or path within it) it stands for."""
    return make("var", (), sort, name)


def const(value: Any) -> Term:
    """A constant of the sort its Python type implies."""
    if isinstance(value, bool):
        return make("const", (), Sort.BOOL, bool(value))
    if isinstance(value, int):
        return make("const", (), Sort.INT, int(value))
    if isinstance(value, str):
        return make("const", (), Sort.STR, str(value))
    if isinstance(value, float):
        return make("const", (), Sort.FLOAT, float(value))
    if isinstance(value, bytes):
        return make("const", (), Sort.BYTES, bytes(value))
    raise TypeError(f"no term sort for {type(value).__name__}")


def free_vars(terms: Iterable[Term]) -> frozenset[Term]:
    out: frozenset[Term] = frozenset()
    for t in terms:
        out |= t.free
    return out


def shown_prefix(term: Term, limit: int) -> str:
    """The start of `repr(term)`, at least `limit` characters of it when it is that long.
    A term is a DAG: a subterm shared by both sides of every operation is written out
    once per use, so the whole text can be exponential in the term's size (a loop that
    doubles a value: a path constraint of a few hundred nodes whose repr never ends).
    Reports show a few words of a condition; this writes only those."""
    out: list[str] = []
    size = 0
    stack: list = [term]
    while stack and size <= limit:
        item = stack.pop()
        if isinstance(item, str):
            piece = item
        elif item.op == "const":
            piece = repr(item.value)
        elif item.op == "var":
            piece = str(item.value)
        else:
            piece = "(" + item.op
            stack.append(")")
            for arg in reversed(item.args):
                stack.append(arg)
                stack.append(" ")
        out.append(piece)
        size += len(piece)
    return "".join(out)
