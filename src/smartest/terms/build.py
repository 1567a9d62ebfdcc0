"""Term constructors with light simplification.

Each constructor folds constants (with Python's semantics, via `evaluate.OPS`)
and applies a few identities that keep path constraints small; anything deeper
is the solver's job.  Python's `//` and `%` are kept as their own operators
(floor semantics) and translated to z3 at the boundary.
"""
from __future__ import annotations

from smartest.terms.evaluate import OPS
from smartest.terms.term import Sort, Term, const, make

INT, BOOL, STR, FLOAT = Sort.INT, Sort.BOOL, Sort.STR, Sort.FLOAT
TRUE = const(True)
FALSE = const(False)


def _fold(op: str, args: tuple[Term, ...], sort: Sort) -> Term:
    if all(a.op == "const" for a in args):
        return const(OPS[op](*(a.value for a in args)))
    return make(op, args, sort)


# --- integers -------------------------------------------------------------

def add(a: Term, b: Term) -> Term:
    if a.op == "const" and a.value == 0:
        return b
    if b.op == "const" and b.value == 0:
        return a
    return _fold("add", (a, b), INT)


def sub(a: Term, b: Term) -> Term:
    if b.op == "const" and b.value == 0:
        return a
    if a is b:
        return const(0)
    return _fold("sub", (a, b), INT)


def mul(a: Term, b: Term) -> Term:
    for x, y in ((a, b), (b, a)):
        if x.op == "const":
            if x.value == 1:
                return y
            if x.value == 0:
                return x
    return _fold("mul", (a, b), INT)


def neg(a: Term) -> Term:
    if a.op == "neg":
        return a.args[0]
    return _fold("neg", (a,), INT)


def floordiv(a: Term, b: Term) -> Term:
    """Python's `a // b` (floor); the caller has already branched on b != 0."""
    if b.op == "const" and b.value == 1:
        return a
    return _fold("floordiv", (a, b), INT)


def mod(a: Term, b: Term) -> Term:
    """Python's `a % b` (sign of b); the caller has already branched on b != 0."""
    return _fold("mod", (a, b), INT)


def power(a: Term, b: Term) -> Term:
    """`a ** b` for b >= 0; small constant exponents become products (linear for z3)."""
    if b.op == "const" and 0 <= b.value <= 8:
        out = const(1)
        for _ in range(b.value):
            out = mul(out, a)
        return out
    return _fold("pow", (a, b), INT)


# --- booleans -------------------------------------------------------------

def eq(a: Term, b: Term) -> Term:
    if a is b and a.sort is not FLOAT:  # nan == nan is false
        return TRUE
    return _fold("eq", (a, b), BOOL)


def ne(a: Term, b: Term) -> Term:
    return not_(eq(a, b))


def _lower_bound(t: Term) -> int | None:
    """A cheap lower bound of an int term built from lengths and constants, or None."""
    if t.op == "const":
        return t.value
    if t.op == "len":
        return 0
    if t.op == "add":
        a, b = _lower_bound(t.args[0]), _lower_bound(t.args[1])
        return None if a is None or b is None else a + b
    return None


def _is_char(t: Term) -> bool:
    """A term known to be a one-character string on any path where it exists."""
    return t.op in ("at", "from_code") or (t.op == "const" and t.sort is STR and len(t.value) == 1)


def lt(a: Term, b: Term) -> Term:
    """`a < b` on ints, or lexicographic order on strings (the same op; z3 picks by sort).

    `i < len(s) + k` with a constant i below the bound folds to true: index checks
    on strings with a known suffix (C-style `s + "\0"`) then cost no solver query.
    """
    if a is b:
        return FALSE
    if a.sort is STR and _is_char(a) and _is_char(b):
        # Characters compare by code point: integer arithmetic is much cheaper for
        # z3 than the string order (measured 0.6 s per query on a digit parser).
        return lt(to_code(a), to_code(b))
    if a.op == "const" and a.sort is INT:
        lb = _lower_bound(b)
        if lb is not None and a.value < lb:
            return TRUE
    return _fold("lt", (a, b), BOOL)


def le(a: Term, b: Term) -> Term:
    if a is b and a.sort is not FLOAT:
        return TRUE
    if a.sort is STR and _is_char(a) and _is_char(b):
        return le(to_code(a), to_code(b))
    if a.op == "const" and a.sort is INT:
        lb = _lower_bound(b)
        if lb is not None and a.value <= lb:
            return TRUE
    return _fold("le", (a, b), BOOL)


def not_(a: Term) -> Term:
    if a.op == "not":
        return a.args[0]
    return _fold("not", (a,), BOOL)


def and_(*xs: Term) -> Term:
    flat: list[Term] = []
    for x in xs:
        if x.op == "const":
            if not x.value:
                return FALSE
            continue
        flat.extend(x.args if x.op == "and" else (x,))
    if not flat:
        return TRUE
    if len(flat) == 1:
        return flat[0]
    return make("and", tuple(flat), BOOL)


def or_(*xs: Term) -> Term:
    flat: list[Term] = []
    for x in xs:
        if x.op == "const":
            if x.value:
                return TRUE
            continue
        flat.extend(x.args if x.op == "or" else (x,))
    if not flat:
        return FALSE
    if len(flat) == 1:
        return flat[0]
    return make("or", tuple(flat), BOOL)


def ite(c: Term, a: Term, b: Term) -> Term:
    if c.op == "const":
        return a if c.value else b
    if a is b:
        return a
    return make("ite", (c, a, b), a.sort)


# --- strings --------------------------------------------------------------

def length(s: Term) -> Term:
    """len(s).  `at` and `from_code` terms are only built after their range check
    was recorded as a branch, so on any path that contains them their length is 1."""
    if s.op == "concat":
        return add(length(s.args[0]), length(s.args[1]))
    if s.op in ("at", "from_code"):
        return const(1)
    return _fold("len", (s,), INT)


def concat(a: Term, b: Term) -> Term:
    """a + b for strings, or for bytes (every string operator keeps its argument's sort)."""
    if a.op == "const" and a.value in ("", b""):
        return b
    if b.op == "const" and b.value in ("", b""):
        return a
    return _fold("concat", (a, b), a.sort)


def at(s: Term, i: Term) -> Term:
    """The one-character string at index i (0 <= i < len(s) is the caller's branch)."""
    return _fold("at", (s, i), s.sort)


def substr(s: Term, start: Term, count: Term) -> Term:
    return _fold("substr", (s, start, count), s.sort)


def find(s: Term, sub: Term, start: Term) -> Term:
    return _fold("find", (s, sub, start), INT)


def to_code(s: Term) -> Term:
    if s.op == "from_code":
        return s.args[0]
    return _fold("to_code", (s,), INT)


def from_code(n: Term) -> Term:
    return _fold("from_code", (n,), STR)


def prefixof(prefix: Term, s: Term) -> Term:
    return _fold("prefixof", (prefix, s), BOOL)


def suffixof(suffix: Term, s: Term) -> Term:
    return _fold("suffixof", (suffix, s), BOOL)


def contains(s: Term, sub: Term) -> Term:
    return _fold("contains", (s, sub), BOOL)


def str_to_int(s: Term) -> Term:
    """The value of a non-empty all-ASCII-digit string, else -1 (as SMT-LIB str.to_int)."""
    return _fold("str_to_int", (s,), INT)


def nat_to_str(n: Term) -> Term:
    """The decimal digits of n for n >= 0, and "" for n < 0."""
    return _fold("int_to_str", (n,), STR)


def int_to_str(n: Term) -> Term:
    """Python's str(n): the digits of |n|, with a '-' prefix for negatives."""
    negative = concat(const("-"), nat_to_str(neg(n)))
    return ite(lt(n, const(0)), negative, nat_to_str(n))
