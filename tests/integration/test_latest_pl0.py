"""Issue 12 item 3 on the PL/0 parser of the LATEST paper's shape
(`benchmarks/programs/pl0.py`, 7 tokens, strings of 16 characters, the lexer
abstracted): every reported input is re-run on the plain parser; counts of runs,
fixed seed, no timing (the time limit is far above what the run budget needs)."""
from __future__ import annotations

import os

import pytest

import smartest
from support.oracle import load

PL0 = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "benchmarks",
                                    "programs", "pl0.py"))
LEXER = ("is_letter", "is_digit", "is_space", "skip_space", "word_end", "match_keyword", "next_token",
         "token_length")


def _valid_programs(strategy: str, runs: int, **latest) -> set[str]:
    module = load(PL0)
    settings = {"abstract": tuple(f"pl0:{f}" for f in LEXER), **latest} if strategy == "latest" else None
    report = smartest.explore(f"{PL0}:parse_tokens7", strategy=strategy, run_dir=None, coverage=False, seed=0,
                              max_str_len=16, max_runs=runs, time_limit=100_000, deepen=False, settings=settings)
    valid = set()
    for t in report.tests:
        try:
            module.parse_tokens7(t.inputs["s"])
        except ValueError:
            continue
        valid.add(t.inputs["s"])
    return valid


@pytest.mark.quality
def test_a_concretization_that_cannot_end_does_not_hold_the_lazy_search():
    """Measured (notes/s8-latest3.md): on 15e0a75 the lazy search alone makes its one
    valid program at run 1,052 and from run 1,061 refutes `begin a:=0;while <token>`
    (17 characters needed) to run 2,000; with long concretizations parked, valid
    programs at runs 752 and 1,435."""
    valid = _valid_programs("latest", 1_500, interleave=False)
    assert len(valid) >= 2, valid
