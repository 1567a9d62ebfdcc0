"""The same inputs give the same queries in every process: term hashes do not move with
the process's string-hash salt or memory layout, and Python's collector runs at points
fixed by the run count (what made a resumed exploration leave its recorded path)."""
from __future__ import annotations

import gc
import os
import subprocess
import sys
import weakref

from smartest.engine.collection import RunCollector

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
