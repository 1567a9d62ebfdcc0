"""A report shows the start of an undecided query's condition.  Terms share subterms, so
writing a whole condition out can take time exponential in its size: on pl0 under
smart-dfs one unknown query's report line ran for over ten minutes past a 60 s time
limit (`solver/chain.unknown_entry` did `str(term)[:160]`).  Only the start is written."""
from __future__ import annotations

import random

from smartest.solver.chain import _SHOWN, unknown_entry
from smartest.solver.protocol import Answer, Query, Status
from smartest.terms import term as terms
from smartest.terms.term import Sort, const, make, shown_prefix, var


def _random_term(rng: random.Random, depth: int):
    if depth == 0 or rng.random() < 0.2:
        return var(f"x{rng.randrange(3)}", Sort.INT) if rng.random() < 0.6 else const(rng.randrange(-5, 50))
    op = rng.choice(["add", "mul", "ite3", "neg"])
    arity = {"add": 2, "mul": 2, "ite3": 3, "neg": 1}[op]
    return make(op, tuple(_random_term(rng, depth - 1) for _ in range(arity)), Sort.INT)


def test_the_prefix_is_the_start_of_the_terms_repr():
    rng = random.Random(0)
    for _ in range(300):
        t = _random_term(rng, 5)
        whole = repr(t)
        assert shown_prefix(t, 10 ** 9) == whole
        for limit in (0, 7, 40):
            got = shown_prefix(t, limit)
            assert whole.startswith(got) and (len(got) > limit or got == whole)


def _doubling(levels: int):
    t = var("x", Sort.INT)
    for _ in range(levels):
        t = make("add", (t, t), Sort.INT)   # one node per level, 2**levels leaves written out
    return t


def test_an_undecided_querys_report_line_writes_only_its_start(monkeypatch):
    calls = []
    whole_repr = terms.Term.__repr__

    def counted(self):
        calls.append(1)
        return whole_repr(self)

    monkeypatch.setattr(terms.Term, "__repr__", counted)
    t = make("eq", (_doubling(18), const(3)), Sort.BOOL)
    entry = unknown_entry(Query((t,)), Answer(Status.UNKNOWN, why="test"), 0.0)
    assert entry["condition"].startswith("(eq (add (add ") and len(entry["condition"]) <= _SHOWN
    assert len(calls) < 100, len(calls)    # the whole repr: 2**19 calls
