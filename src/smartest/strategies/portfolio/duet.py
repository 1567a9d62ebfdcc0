"""The interleaved order with SAGE's generational search on a doubling schedule: the
portfolio's choices number 1, 2, 3, ... (the first random run is run 1, so choice c is
run c + 1), and the generational half has the choices 2, 4, 8, 16, ..., the interleaved
half all the others.

Why (issue 12, item 4; notes/s6-default.md): on benchmarks/default_strategy.py's table
the interleaved order (strategies/interleaved.py) is within 2x of the best strategy on
every bug but two, and those two are generational search's first generation: a shallow
side of the first run, which SAGE expands first (p23_str_of_int at its run 2,
p59_list_pop_insert at its run 3, p110_list_average at 2; the interleaved order takes
two depth-first choices first: 5, 7 and 7).  Where generational search is the best
strategy on that table, it is by its fourth run (p108_int_div_compare; by its third on
every other; incdec, found by its 223rd, the interleaved order finds by its 127th).
Strict turns (a 1:1 portfolio of the two) would give those early sides, but halve the
interleaved order's rate where it is the one that wins (calc: 22 against 14; pl0_calls:
24 against DART's 9).  Doubling gaps give the generational half the first sides of its
solitary order early and a vanishing share later (log2 of the runs).

**The bound** (the portfolio's argument, strategies/portfolio/__init__.py: each half
visits its solitary sequence of sides, every turn one side further; the run of the
other half's sides comes free): let the first input with a bug be the interleaved
order's k_I-th run alone and generational's k_G-th.  The generational half's m-th choice
is choice 2^m, so the bug comes by run 2^(k_G - 1) + 1: within 2x of generational for
k_G <= 3.  The interleaved half's m-th choice is the m-th number that is not a power of
two above 1, at most m + log2(2m), so the bug comes by run k_I + log2(2 k_I - 2): within
2x of the interleaved order for every k_I.  Against DART there is no bound (nor has the
interleaved order one); it is measured.  The exceptions of the portfolio's argument hold
here too (models per stream, diverged runs, deepening rounds each a new portfolio).

**Solver streams: the interleaved half on the shared one, the generational half on
none** (`STREAMS`; `Query.stream`, `NO_HISTORY`).  z3's models depend on what its
incremental solvers were asked before.  On the shared stream the interleaved half's
history is its solitary one but for the sides the generational half ran for it (and
the engine's own rare queries); the generational half asks each query of a solver with
no history, as its solitary search asks its first one (a new solver), and its wins on
the table come by its 2nd-4th run, where that history is short anyway.  Measured
(notes/s7-default2.md): both halves on one stream put the generational half's queries
into the interleaved half's history, and calc_tokens under the default flags took 86
runs (interleaved 21, DART 27); a stream per half (as the 1:1 portfolio has) keeps 23,
but costs z3 time on string programs: a second pool of incremental solvers whose models
led p48_str_split_fields (40 runs) to `",,,...,"` at the deepened bound 32, two of
whose negations ran out of z3's 50M steps (106M steps in all against interleaved's
3.3M), and a cache apart per stream, so the engine's own queries asked again what a
half had been answered unknown (p50_str_replace_count: 2 step-limit queries against
interleaved's 1).  This rule: calc_tokens 18, p48 4.5M steps and none unknown.  It was
chosen after those three were measured on these programs, said so.

Which doubling schedule is a choice fitted on the table, said so: generational at
choices 1, 2, 4, 8, ... (the first choice its own) was also within 2x on every bug of
the table's close cases but pl0_calls (19 runs, DART's 9); at 2, 4, 8, ... it is 18.
"""
from __future__ import annotations

from smartest.calls.inline import InlinePolicy
from smartest.solver.protocol import NO_HISTORY
from smartest.strategies.portfolio import PortfolioSearcher

HALVES = ("interleaved", "generational")
STREAMS = (0, NO_HISTORY)   # the interleaved half on the shared history, the generational half on none


def doubling(turn: int) -> int:
    """The half of a turn (0-based: choice turn + 1): generational (1) at choices 2, 4, 8, ..."""
    choice = turn + 1
    return 1 if choice > 1 and choice & (choice - 1) == 0 else 0


def build(options, solver, target) -> tuple[PortfolioSearcher, InlinePolicy]:
    """The `duet` strategy: the interleaved order, generational search at doubling gaps, calls inlined."""
    return PortfolioSearcher(HALVES, doubling, streams=STREAMS), InlinePolicy()
