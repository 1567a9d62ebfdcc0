"""The portfolio searcher (strategies/portfolio/) on a simulated program, where a run
is a function of its flipped side alone (no solver, no models): each half chooses
exactly the sides it would choose alone, bar those the other half ran first, so every
side is run within the docstring's bound of twice the better half's runs."""
from __future__ import annotations

import math

import pytest

from smartest.calls.protocol import RunNotes
from smartest.search.dfs import DepthFirstSearcher
from smartest.search.protocol import ExploredRun
from smartest.solver.protocol import NO_HISTORY, Status
from smartest.strategies.generational import GenerationalSearcher
from smartest.strategies.interleaved import InterleavedSearcher
from smartest.strategies.portfolio import PortfolioSearcher
from smartest.strategies.portfolio.duet import HALVES, doubling
from smartest.strategies.portfolio.duet import build as build_duet
from smartest.terms import Sort, var
from smartest.trace.path import Branch
from smartest.trace.site import Site

DEPTH = 7


def _site(depth: int, prefix: tuple) -> Site:
    # Sites repeat across the tree (a site per depth and last decision), so coverage,
    # and with it the generational order, is not just the tree's shape.
    return Site(_site.__code__, 2 * depth + (prefix[-1] if prefix else 0))


def _path(decisions: tuple) -> tuple[Branch, ...]:
    """The run that begins with `decisions` and then goes on by a fixed rule that never
    takes three True sides in a row (those are the unsat sides, `_unsat`)."""
    ds = list(decisions)
    while len(ds) < DEPTH:
        k = len(ds)
        taken = (sum(ds) * 5 + k * 3) % 4 == 0
        if taken and ds[-2:] == [True, True]:
            taken = False
        ds.append(taken)
    return tuple(Branch(_site(k, tuple(ds[:k])), var(f"b{k}", Sort.BOOL), t) for k, t in enumerate(ds))


def _unsat(decisions: tuple) -> bool:
    return decisions[-3:] == (True, True, True)


def _drive(searcher) -> list[tuple]:
    """Every side run, in order (as decision prefixes); the first run is the rule's."""
    searcher.update(ExploredRun(_path(()), (), {}, None, False, True, RunNotes(), True))
    order = []
    while (cand := searcher.select()) is not None:
        target = tuple(t for _, t in cand.expect)
        if _unsat(target):
            searcher.rejected(cand, Status.UNSAT)
            continue
        order.append(target)
        searcher.update(ExploredRun(_path(target), (), {}, cand, False, True, RunNotes(), True))
    return order


def test_each_half_keeps_its_solitary_order_and_every_side_comes_within_the_bound():
    dart, gen, port = _drive(DepthFirstSearcher()), _drive(GenerationalSearcher()), _drive(PortfolioSearcher())
    assert sorted(port) == sorted(dart) == sorted(gen) and len(port) == len(set(port)) > 40
    assert dart != gen          # the halves really differ here
    by_dfs, by_gen = port[0::2], port[1::2]       # strict turns, DFS first
    assert by_dfs == [s for s in dart if s not in set(by_gen)]
    assert by_gen == [s for s in gen if s not in set(by_dfs)]
    # run numbers count the first (random) run as 1
    for side in port:
        k_d, k_g, k_p = dart.index(side) + 2, gen.index(side) + 2, port.index(side) + 2
        assert k_p <= min(2 * k_d - 2, 2 * k_g - 1), (side, k_d, k_g, k_p)


def test_the_interleaved_searcher_misses_that_bound():
    # The old default pushed a shallow pick's children on DART's stack: neither order kept.
    dart, gen, mix = _drive(DepthFirstSearcher()), _drive(GenerationalSearcher()), _drive(InterleavedSearcher())
    assert any(mix.index(s) + 2 > 2 * min(dart.index(s) + 2, gen.index(s) + 2) for s in mix)


def test_an_unsat_side_keeps_the_turn_with_its_half():
    port = PortfolioSearcher()
    _drive(port)
    # every side but the first run's was chosen by a half; unsat ones are not counted
    assert sum(port.choices) == len(_drive(DepthFirstSearcher()))
    assert abs(port.choices[0] - port.choices[1]) <= 1


@pytest.mark.parametrize("halves", [("dfs", "generational", "shallow")])
def test_three_halves_cover_every_side_once(halves):
    dart, port = _drive(DepthFirstSearcher()), _drive(PortfolioSearcher(halves))
    assert sorted(port) == sorted(dart) and len(port) == len(set(port))
    for side in port:      # bound 3x of the DFS half here
        assert port.index(side) + 2 <= 3 * (dart.index(side) + 2), side


def test_a_given_side_leaves_every_half_and_a_taken_one_joins_every_half():
    port = PortfolioSearcher()
    port.update(ExploredRun(_path(()), (), {}, None, False, True, RunNotes(), True))
    before = port.pending()
    given = port.give()
    assert given is not None and given.origin[2] == 0 and port.pending() == before - 1   # the shallowest
    seen = []
    while (cand := port.select()) is not None:
        seen.append(cand.origin[:2])
        port.rejected(cand, Status.UNSAT)       # nothing below: only the first run's sides
    assert given.origin[:2] not in seen and len(seen) == before - 1
    port.take(given)
    assert port.pending() == 1 and port.select().origin == given.origin


def test_the_interleaved_half_alone_is_the_interleaved_searcher():
    # The half replays the solitary searcher's choices, turn for turn, on its own entries.
    assert _drive(PortfolioSearcher(("interleaved",))) == _drive(InterleavedSearcher())


def test_the_duet_gives_generational_the_doubling_turns_and_keeps_both_bounds():
    mix, gen, duet = _drive(InterleavedSearcher()), _drive(GenerationalSearcher()), _drive(
        PortfolioSearcher(HALVES, doubling))
    assert sorted(duet) == sorted(mix) and len(duet) == len(set(duet))
    by_gen = [duet[c - 1] for c in (2, 4, 8, 16, 32) if c <= len(duet)]
    by_mix = [s for s in duet if s not in set(by_gen)]
    assert by_gen == [s for s in gen if s not in set(by_mix)][:len(by_gen)]
    assert by_mix == [s for s in mix if s not in set(by_gen)]
    for side in duet:       # run numbers: the first (random) run is 1
        k_i, k_g, k = mix.index(side) + 2, gen.index(side) + 2, duet.index(side) + 2
        assert k <= k_i + math.log2(2 * k_i - 2), (side, k_i, k)
        if k_g <= 6:
            assert k <= 2 ** (k_g - 1) + 1, (side, k_g, k)


def test_the_duets_generational_half_asks_with_no_solver_history_and_the_portfolio_per_half():
    # The duet: the interleaved half on the shared stream, the generational half on
    # none (every query on a solver of its own); the 1:1 portfolio: a stream per half.
    # Why, measured, in duet.py and notes/s7-default2.md.
    duet, _ = build_duet(None, None, None)
    streams = {"duet": set(), "portfolio": set()}
    for name, searcher in (("duet", duet), ("portfolio", PortfolioSearcher())):
        searcher.update(ExploredRun(_path(()), (), {}, None, False, True, RunNotes(), True))
        while (cand := searcher.select()) is not None:
            streams[name].add(cand.stream)
            target = tuple(t for _, t in cand.expect)
            searcher.update(ExploredRun(_path(target), (), {}, cand, False, True, RunNotes(), True))
    assert streams == {"duet": {0, NO_HISTORY}, "portfolio": {1, 2}}
