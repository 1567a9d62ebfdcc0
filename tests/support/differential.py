"""A harness for differential tests of the symbolic values against CPython.

`check(op, kinds, a, b)` runs `op` on proxies of the inputs `a` (a dict: input
name -> plain value, with the kinds that make them) and, separately, on the plain
values, and checks:

1. the same outcome: the realized result equals CPython's, or the same exception
   type is raised; the inputs, if mutated, end equal too;
2. the recorded path holds on `a`: every branch term evaluates to the side taken;
3. the result's terms evaluate, on `a`, to the result (scalars, and the length and
   cells of containers);
4. the path generalizes: for the second input `b`, if every branch of `a`'s path
   evaluates on `b` to the same side, the result's terms evaluated on `b` give
   CPython's result on `b` (the same exception when `a` raised).

Point 4 is what makes a concolic model exact: a term that is right only for the
current input would let the solver believe in paths that do not exist.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from smartest.options import Options
from smartest.symbolic.bools import SymBool
from smartest.symbolic.dicts import SymDict
from smartest.symbolic.ints import SymInt
from smartest.symbolic.realize import realize
from smartest.symbolic.recipes import materialize
from smartest.symbolic.sequences import SymSequence
from smartest.symbolic.sets import SymSet
from smartest.symbolic.strs import SymStr
from smartest.terms import Sort
from smartest.terms.evaluate import evaluate
from smartest.trace.recorder import ACTIVE, Recorder

OPTIONS = Options(max_len=4, max_str_len=3, run_dir=None)


def env_of(kinds: dict, values: dict, seed: int = 0) -> dict:
    """Values of every variable of the inputs; positions past a length get garbage."""
    rng = random.Random(seed)
    env = {}
    for name, kind in kinds.items():
        kind.bind(OPTIONS, set())
        flat = dict(kind.flatten(name, values[name]))
        for v, _ in kind.variables(name, OPTIONS, 0):
            if v.value in flat:
                env[v] = flat[v.value]
            else:
                env[v] = {Sort.INT: rng.randint(-3, 3), Sort.BOOL: rng.random() < 0.5,
                          Sort.STR: rng.choice(["", "a", "b", "ab"])}[v.sort]
    return env


def _run_symbolic(op: Callable, kinds: dict, values: dict):
    rec = Recorder()
    token = ACTIVE.set(rec)
    try:
        proxies = {n: k.proxy(n, values[n]) for n, k in kinds.items()}
        try:
            return rec, ("ok", op(**proxies)), proxies
        except Exception as e:  # noqa: BLE001 - the outcome under test
            return rec, ("raise", type(e)), proxies
    finally:
        ACTIVE.reset(token)


def _run_plain(op: Callable, values: dict):
    plain = {n: materialize(v) for n, v in values.items()}
    try:  # the op may call models (set(), dict() make symbolic containers): realize its result
        return ("ok", realize(op(**plain))), plain
    except Exception as e:  # noqa: BLE001
        return ("raise", type(e)), plain


def _terms_agree(result: Any, expected: Any, env: dict) -> bool:
    """Do the terms carried by `result` evaluate to `expected` under env?"""
    t = type(result)
    if t in (SymInt, SymStr, SymBool):
        return evaluate(result.term, env) == expected
    if isinstance(result, SymSequence):
        if evaluate(result._n, env) != len(expected):
            return False
        if result._cells is not None:
            if [evaluate(c, env) for c in result._cells[:len(expected)]] != [realize(e) for e in expected]:
                return False
            return True
        return all(_terms_agree(r, e, env) for r, e in zip(result._storage(), expected))
    if isinstance(result, SymDict):
        if evaluate(result._n, env) != len(expected):
            return False
        if result._keys is not None:
            keys = [evaluate(c, env) for c in result._keys[:len(expected)]]
            if keys != list(expected):
                return False
            if result._vals is not None:
                return [evaluate(c, env) for c in result._vals[:len(expected)]] == list(expected.values())
        return True
    if isinstance(result, SymSet):
        if evaluate(result._n, env) != len(expected):
            return False
        if result._cells is not None:
            return {evaluate(c, env) for c in result._cells[:len(expected)]} == set(expected)
        return True
    if t in (list, tuple):
        return type(expected) is t and len(result) == len(expected) and \
            all(_terms_agree(r, e, env) for r, e in zip(result, expected))
    if t is dict:
        return type(expected) is dict and len(result) == len(expected) and all(
            _terms_agree(k, ek, env) and _terms_agree(v, ev, env)
            for (k, v), (ek, ev) in zip(result.items(), expected.items()))
    if t in (int, str, bool, type(None)):
        return type(expected) is t and result == expected
    return True


def check(op: Callable, kinds: dict, a: dict, b: dict | None = None) -> None:
    rec, outcome, proxies = _run_symbolic(op, kinds, a)
    expected, plain_after = _run_plain(op, a)
    # 1. the same outcome, and the same inputs afterwards
    if expected[0] == "raise":
        assert outcome == expected, (outcome, expected)
    else:
        assert outcome[0] == "ok", (outcome, expected)
        assert realize(outcome[1]) == expected[1], (realize(outcome[1]), expected[1])
        assert type(realize(outcome[1])) is type(expected[1])
    for n in kinds:
        assert realize(proxies[n]) == plain_after[n]
    # 2. the path holds on a
    env = env_of(kinds, a)
    for br in rec.path:
        assert evaluate(br.term, env) == br.taken, br
    # 3. the terms are right on a
    if outcome[0] == "ok":
        assert _terms_agree(outcome[1], expected[1], env)
        for n in kinds:
            assert _terms_agree(proxies[n], plain_after[n], env), n
    # 4. the path generalizes to b (unless the run said it left the theory)
    if b is None or rec.concretizations:
        return
    env_b = env_of(kinds, b, seed=1)
    if not all(evaluate(br.term, env_b) == br.taken for br in rec.path):
        return
    expected_b, after_b = _run_plain(op, b)
    assert expected_b[0] == outcome[0], (a, b, outcome, expected_b)
    if outcome[0] == "raise":
        assert expected_b == outcome
        return
    assert _terms_agree(outcome[1], expected_b[1], env_b), (a, b, expected_b)
    for n in kinds:
        assert _terms_agree(proxies[n], after_b[n], env_b), (n, a, b)
