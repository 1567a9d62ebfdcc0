"""Integer formatting in base 2, 8 and 16 against CPython: `format(n, spec)` with every
part of a format spec, `%x %X %o %d %u` with flags, width and precision, `hex`, `oct`,
`bin`; and the lowering of the `radix` term, solved with the input fixed.

Inputs are drawn from a fixed seed; the ints include 0, negatives, bools, values past
the exact range of the lowering (2**48) and of `str(n)` (10**24)."""
from __future__ import annotations

import random

from smartest.models import builtins_core  # noqa: F401  (registers hex, oct, bin)
from smartest.models.registry import REGISTRY
from smartest.solver import Query, build_solver_chain
from smartest.symbolic import formatting
from smartest.symbolic.bools import make_bool
from smartest.symbolic.ints import new_int_input
from smartest.symbolic.strs import new_str_input
from smartest.terms import Sort, build, const, text as T, var
from smartest.terms.evaluate import evaluate
from support.model_check import check

X, P, S = var("x", Sort.INT), var("p", Sort.BOOL), var("s", Sort.STR)
EDGES = [0, 1, -1, 9, 10, 15, 16, -16, 255, -255, 4095, 48879, 2 ** 31, -2 ** 31, 2 ** 48 - 1, 2 ** 48,
         -2 ** 48, 10 ** 24, -(10 ** 30), 2 ** 64 + 5]


def _ints(rng: random.Random, count: int) -> list[int]:
    out = list(EDGES)
    while len(out) < count:
        bits = rng.choice([3, 4, 8, 12, 16, 32, 50, 70])
        out.append(rng.randrange(-2 ** bits, 2 ** bits))
    return out


def _spec(rng: random.Random) -> str:
    fill = rng.choice(["", "", "*", "0", " ", "\u00e9"])
    align = rng.choice(["", "", "<", ">", "^", "="])
    if not align:
        fill = ""
    return (fill + align + rng.choice(["", "", "+", "-", " "]) + rng.choice(["", "#"]) + rng.choice(["", "0"])
            + rng.choice(["", "", "1", "2", "4", "8", "12"]) + rng.choice(["", "", ",", "_"])
            + rng.choice(["", "d", "x", "X", "o", "b", "c"]))


def _recorded(spec: str, n: int) -> bool:
    """Where the model records instead of answering: grouped digits with a '0' fill."""
    m = formatting._SPEC.match(spec)
    return bool(m["group"]) and (m["fill"] or ("0" if m["zero"] else " ")) == "0"


def _no_escape(rec, what) -> None:
    assert not rec.concretizations, (what, [c.reason for c in rec.concretizations])


def test_format_specs_in_every_base_match_cpython():
    rng = random.Random(20261127)
    ints = _ints(rng, 400)
    tried = 0
    for _ in range(8000):
        spec, n = _spec(rng), rng.choice(ints)
        if spec.endswith("c") and rng.random() < 0.5:
            n = rng.choice([0, 65, 0xE9, 0x10FFFF, 0x1F600])
        rec = check(lambda v: formatting.format_value(v, spec), (n,), (new_int_input("x", n),), {X: n})
        try:
            format(n, spec)
        except (ValueError, OverflowError):
            continue     # ',' with x, o, b; a code past 0x10FFFF for c: raised as CPython does
        if _recorded(spec, n):
            assert rec.concretizations, (spec, n)
        else:
            _no_escape(rec, (spec, n))
        tried += 1
    for spec in ("x", "#06X", "<3b", "+o"):
        for b in (True, False):
            rec = check(lambda v: formatting.format_value(v, spec), (b,), (make_bool(b, P),), {P: b})
            _no_escape(rec, (spec, b))
    assert tried > 5000      # answered (of 8000; the rest raised, as CPython does)


def _directive(rng: random.Random) -> str:
    flags = "".join(rng.sample("-+ 0#", rng.randrange(0, 4)))
    width = rng.choice(["", "", "3", "6", "10"])
    precision = rng.choice(["", "", ".0", ".2", ".5"])
    kind = rng.choice("dixXouc")
    return "%" + flags + width + ("" if kind == "c" else precision) + kind


def test_percent_directives_match_cpython():
    rng = random.Random(1127)
    ints = _ints(rng, 300)
    for _ in range(3000):
        template = _directive(rng) + "|" + _directive(rng)
        n, m = rng.choice(ints), rng.choice(ints)
        if rng.random() < 0.2:
            n = rng.choice([65, 0x10FFFF, 0xE9, 0x1F600])
        rec = check(lambda a, b: formatting.percent(template, (a, b)), (n, m),
                    (new_int_input("x", n), m), {X: n})
        _no_escape(rec, (template, n))
    for s in ("", "a", "\u00e9", "ab"):     # %c of a str: one character, else TypeError
        for template in ("%c", "%-3c|", "%4c"):
            _no_escape(check(lambda v: formatting.percent(template, v), (s,), (new_str_input("s", s),), {S: s}),
                       (template, s))


def test_hex_oct_bin_match_cpython():
    rng = random.Random(7)
    for n in _ints(rng, 500):
        for model in (REGISTRY["hex"], REGISTRY["oct"], REGISTRY["bin"]):
            rec = check(model, (n,), (new_int_input("x", n),), {X: n})
            _no_escape(rec, (model.__name__, n))
    for b in (True, False):
        check(REGISTRY["hex"], (b,), (make_bool(b, P),), {P: b})
    for bad in ("ff", 1.5, None):     # TypeError as CPython
        check(REGISTRY["oct"], (bad,), (bad,), {})


SOLVER, _ = build_solver_chain(timeout_ms=20000, max_str_len=8)


def test_lowering_of_radix_is_exact():
    """With n fixed, the lowered digits can take exactly Python's text and nothing else;
    past the exact range (n >= base**D) the guarded over-approximation still finds it."""
    rng = random.Random(3)
    values = [0, 1, 7, 8, 15, 16, 255, 256, 48879, 2 ** 47 + 3, 2 ** 48 - 1, 2 ** 48 + 1]
    values += [rng.randrange(0, 2 ** 20) for _ in range(12)]
    for base, upper in ((2, False), (8, False), (16, False), (16, True)):
        for n in values:
            term = T.radix(X, base, upper)
            expected = evaluate(term, {X: n})
            assert expected == format(n, {2: "b", 8: "o", 16: "X" if upper else "x"}[base])
            fixed = build.eq(X, const(n))
            assert SOLVER.check(Query((fixed, build.eq(term, const(expected))))).sat, (base, n)
            if n < base ** 12:
                assert not SOLVER.check(Query((fixed, build.not_(build.eq(term, const(expected)))))).sat, (base, n)
    # The inverse question, as the search asks it: which n spells this text?
    for base, text in ((16, "beef"), (2, "101"), (8, "755"), (16, "0"), (2, "1" * 40)):
        answer = SOLVER.check(Query((build.eq(T.radix(X, base), const(text)),)))
        assert answer.sat and answer.model[X] == int(text, base), (base, text)
    assert not SOLVER.check(Query((build.eq(T.radix(X, 16), const("0f")),))).sat     # no leading zero
    assert not SOLVER.check(Query((build.eq(T.radix(X, 8), const("8")),))).sat       # not a digit


def test_lowering_of_grouped_digits_is_exact():
    """Grouped digits (`,`, `_`) as the solver sees them: the only text for a fixed n,
    and the n a text asks for."""
    for spec, n in ((",", 1234567), (",", -999), ("_", 10 ** 20 + 7), ("_x", 0xBEEF12), ("_b", 5), (",", 0)):
        term = formatting.format_value(new_int_input("x", n), spec).term
        fixed = build.eq(X, const(n))
        assert SOLVER.check(Query((fixed, build.eq(term, const(format(n, spec)))))).sat, (spec, n)
        assert not SOLVER.check(Query((fixed, build.not_(build.eq(term, const(format(n, spec))))))).sat, (spec, n)
    for spec, text in ((",", "1,234"), (",", "-12,000"), ("_x", "be_ef00")):
        term = formatting.format_value(new_int_input("x", 1), spec).term
        answer = SOLVER.check(Query((build.eq(term, const(text)),)))
        assert answer.sat and format(answer.model[X], spec) == text, (spec, text)
    assert not SOLVER.check(Query((build.eq(formatting.format_value(new_int_input("x", 1), ",").term,
                                            const("12,34")),))).sat
