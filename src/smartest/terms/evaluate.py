"""Evaluate a term under an assignment of its variables, with Python's semantics.

Used for constant folding in `build`, to check a solver model against the path
constraint it should satisfy, and by the tests as an oracle independent of z3.
An uninterpreted application (`uf`, see `uninterpreted`) is evaluated by calling
its opaque function on the argument values.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from smartest.terms.term import Term
from smartest.terms.uninterpreted import UF, evaluate_app


def _floordiv(a: int, b: int) -> int:
    return a // b if b != 0 else 0  # z3 leaves x div 0 unspecified; we never rely on it


def _mod(a: int, b: int) -> int:
    return a % b if b != 0 else 0


def _at(s: str, i: int) -> str:
    return s[i:i + 1] if 0 <= i < len(s) else s[:0]


def _substr(s: str, start: int, length: int) -> str:
    if start < 0 or start > len(s) or length <= 0:
        return s[:0]
    return s[start:start + length]


def _find(s: str, sub: str, start: int) -> int:
    if start < 0 or start > len(s):
        return -1
    return s.find(sub, start)


def _from_code(n: int) -> str:
    return chr(n) if 0 <= n <= 0x10FFFF else ""


def _str_to_int(s: str) -> int:
    return int(s) if s and s.isascii() and s.isdigit() else -1


def _int_to_str(n: int) -> str:
    return str(n) if n >= 0 else ""


class TooLarge(ArithmeticError):
    """A solver model asked for a value too large to compute (2 ** 10**12)."""


def _pow(a: int, b: int) -> int:
    if b < 0:
        return 0
    if b > 1 << 16 and abs(a) > 1 and b * max(a.bit_length(), 1) > 1 << 24:
        raise TooLarge(f"{a} ** {b}")
    return a ** b


OPS: dict[str, Callable[..., Any]] = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "neg": lambda a: -a,
    "floordiv": _floordiv,
    "mod": _mod,
    "pow": _pow,
    "eq": lambda a, b: a == b,
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
    "not": lambda a: not a,
    "and": lambda *xs: all(xs),
    "or": lambda *xs: any(xs),
    "ite": lambda c, a, b: a if c else b,
    "len": len,
    "concat": lambda a, b: a + b,
    "at": _at,
    "substr": _substr,
    "find": _find,
    "to_code": lambda s: ord(s) if len(s) == 1 else -1,
    "from_code": _from_code,
    "prefixof": lambda p, s: s.startswith(p),
    "suffixof": lambda p, s: s.endswith(p),
    "contains": lambda s, sub: sub in s,
    "str_to_int": _str_to_int,
    "int_to_str": _int_to_str,
}


def evaluate(term: Term, env: Mapping[Term, Any]) -> Any:
    """The value of `term` when each variable takes its value in `env`."""
    cache: dict[Term, Any] = {}

    def ev(t: Term) -> Any:
        if t.op == "const":
            return t.value
        if t.op == "var":
            return env[t]
        hit = cache.get(t, cache)
        if hit is not cache:
            return hit
        if t.op == "and":  # short-circuit: later conjuncts may be undefined
            v = all(ev(a) for a in t.args)
        elif t.op == "or":
            v = any(ev(a) for a in t.args)
        elif t.op == "ite":
            v = ev(t.args[1]) if ev(t.args[0]) else ev(t.args[2])
        elif t.op == UF:
            v = evaluate_app(t, [ev(a) for a in t.args])
        else:
            v = OPS[t.op](*(ev(a) for a in t.args))
        cache[t] = v
        return v

    return ev(term)
