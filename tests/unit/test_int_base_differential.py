"""int(s, base) for every base (0, 2..36) against CPython: the lowered formula evaluated
on generated strings (signs, prefixes, underscores, spaces, non-ASCII digits) gives
CPython's value and validity, and the model on a proxy gives CPython's value or
exception with a term that evaluates to it."""
from __future__ import annotations

import random

from smartest.models import numbers as N
from smartest.solver.strings import StringLowering
from smartest.symbolic.strs import new_str_input
from smartest.terms import Sort, const, text as T, var
from smartest.terms.evaluate import evaluate
from support.model_check import check

K = 7
S = var("s", Sort.STR)
BASES = [0, *range(2, 37)]
PIECES = ["0", "1", "7", "9", "a", "F", "z", "Z", "_", "x", "X", "o", "b", "B", " ", "+", "-", "\u0663", "\u0660", "\u0665", "\t", "\x1c"]
SPECIAL = ["0x_ff", "0X1F", "-0b101", "+0o17", "00", "007", "0_0", "1__0", "_1", "1_", "0x", " 12 ", "z", "0b", "-", "\u0660x1", "\u0660\u0665", "+\u0660o7", "\u0660_0"]


def _inputs():
    rnd = random.Random(3)
    out = list(SPECIAL)
    while len(out) < 160:
        out.append("".join(rnd.choice(PIECES) for _ in range(rnd.randint(0, K))))
    return [x for x in out if len(x) <= K]


def _env(lw, x: str) -> dict:
    env = {lw.length_var(S): len(x)}
    for k in range(K):
        env[lw.char_var(S, k)] = ord(x[k]) if k < len(x) else 97
    return env


def test_lowering_of_int_with_a_base_is_exact():
    lw = StringLowering(K)
    tried = 0
    for base in BASES:
        ok_t = lw.lower(T.parse_int_base_ok(S, const(base)))
        value_t = lw.lower(T.parse_int_base(S, const(base)))
        for x in _inputs():
            env = _env(lw, x)
            try:
                expected, valid = int(x, base), True
            except ValueError:
                expected, valid = 0, False
            assert evaluate(ok_t, env) == valid, (x, base)
            assert evaluate(value_t, env) == expected, (x, base)
            tried += 1
    assert tried == len(BASES) * len(_inputs())


def test_int_model_with_a_base_matches_cpython():
    for base in BASES:
        for x in _inputs()[:60]:
            check(lambda s: N.int_(s, base), (x,), (new_str_input("s", x),), {S: x})
