"""The same inputs give the same queries in every process: term hashes do not move with
the process's string-hash salt or memory layout, and Python's collector runs at points
fixed by the run count (what made a resumed exploration leave its recorded path)."""
from __future__ import annotations

import gc
import os
import subprocess
import sys
import weakref

import smartest
from smartest.engine.collection import RunCollector

PROGRAMS = os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks", "programs")

_HASHES = """
from smartest.terms import build
from smartest.terms.term import Sort, const, var
s, n = var("s", Sort.STR), var("n", Sort.INT)
terms = [s, n, const("ab"), const(b"x"), build.lt(n, const(3)), build.eq(s, const("caf\\u00e9"))]
print([hash(t) for t in terms])
"""


def _hashes(seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": seed}
    out = subprocess.run([sys.executable, "-c", _HASHES], env=env, capture_output=True, text=True, check=True)
    return out.stdout


def test_term_hashes_are_the_same_under_any_string_hash_salt():
    assert _hashes("1") == _hashes("2") == _hashes("random")


class _Node:
    pass


def test_the_collector_is_off_during_an_exploration_and_runs_at_fixed_run_counts():
    assert gc.isenabled()
    with RunCollector():
        assert not gc.isenabled()
        node = _Node()
        node.cycle = node                  # a cycle only the collector frees
        alive = weakref.ref(node)
        del node
        kept = [[] for _ in range(5000)]   # allocations that would trigger the automatic collector
        RunCollector.after_run(7)          # not a scheduled point
        assert alive() is not None
        RunCollector.after_run(10)         # a scheduled point
        assert alive() is None
        del kept
    assert gc.isenabled()


def _inputs(spec: str, runs: int) -> list:
    report = smartest.explore(spec, strategy="dart", max_runs=runs, coverage=False, max_str_len=4, deepen=False)
    return [t.inputs for t in report.tests]


def test_an_exploration_does_not_depend_on_what_explored_before_it_in_the_process():
    """Each z3 backend has its own context: in z3's shared one the models followed
    the term identifiers and step counter earlier explorations left (calc_tokens'
    bug moved from run 18 to run 24 after pl0 and calc had run)."""
    target = f"{PROGRAMS}/calc_divzero.py:calc_tokens"
    alone = _inputs(target, 40)
    _inputs(f"{PROGRAMS}/pl0.py:parse_and_check", 300)
    _inputs(f"{PROGRAMS}/calc.py:calc", 300)
    assert _inputs(target, 40) == alone
