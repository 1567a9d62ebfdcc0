"""The encoding of regular expressions, measured: z3's regexes over its sequence theory
against smartest's lowering to bounded code points (the solver chain), on 20 successive
distinct models of a match of strings of at most 8 characters.

    PYTHONPATH=src python3 benchmarks/regex_encoding.py

(A measurement only: the package itself imports z3 in solver/z3backend.py alone.)
"""
from __future__ import annotations

import re
import time

import z3

from smartest.solver import Query, build_solver_chain
from smartest.terms import Sort, build, const, var
from smartest.terms import regex as R

K, MODELS = 8, 20
DIGITS = z3.Range("0", "9")
CASES = [  # (pattern, mode, the same language written with z3's regex constructors)
    (r"[a-c]+x", R.FULL, z3.Concat(z3.Plus(z3.Range("a", "c")), z3.Re("x"))),
    (r"^(\d+)\.(\d+)(?:\.(\d+))?$", R.MATCH,
     z3.Concat(z3.Plus(DIGITS), z3.Re("."), z3.Plus(DIGITS), z3.Option(z3.Concat(z3.Re("."), z3.Plus(DIGITS))))),
    (r"(?P<k>[a-z]+)=(?P<v>\d+)", R.FULL, z3.Concat(z3.Plus(z3.Range("a", "z")), z3.Re("="), z3.Plus(DIGITS))),
]


def with_z3(language) -> tuple[int, float]:
    start, s, solver = time.perf_counter(), z3.String("s"), z3.Solver()
    solver.set("timeout", 10000)
    solver.add(z3.InRe(s, language), z3.Length(s) <= K)
    found = 0
    while found < MODELS and solver.check() == z3.sat:
        solver.add(s != solver.model()[s])
        found += 1
    return found, time.perf_counter() - start


def lowered(pattern: str, mode: int) -> tuple[int, float]:
    chain, _ = build_solver_chain(max_str_len=K, cache=False)
    s = var("s", Sort.STR)
    constraints = [R.re_ok(s, const(pattern), const(re.compile(pattern).flags), const(mode), const(0))]
    start, found = time.perf_counter(), 0
    while found < MODELS:
        answer = chain.check(Query(tuple(constraints)))
        if not answer.sat:
            break
        constraints.append(build.not_(build.eq(s, const(answer.model[s]))))
        found += 1
    return found, time.perf_counter() - start


if __name__ == "__main__":
    for pattern, mode, language in CASES:
        (zn, zt), (ln, lt) = with_z3(language), lowered(pattern, mode)
        print(f"{pattern!r:36} z3 seq+regex: {zn} models {zt:.2f} s   lowered: {ln} models {lt:.2f} s")
