"""LATEST: lazy expansion for dynamic test generation (Majumdar & Sen,
UCB/EECS-2007-36, ../shared/papers).

The function under test is explored with every input-dependent call **abstracted**:
its result is a fresh symbolic value, so the search runs over *abstract paths*
(Figure 4, `abstract_next_path`).  Each new abstract path is then **concretized**
(Figure 5): its abstracted calls are expanded on demand, innermost first, until a
real run follows it or the solver proves that no real run can.  Only real runs are
reported, so an abstract path is never mistaken for a reachable one.

    module            implements
    ──────            ──────────
    searcher.py       LATEST's outer loop: abstract paths in depth-first order (Figure 4)
    interleave.py     LATEST's search and DART's depth-first search of real runs, by turns
    scopes.py         the depth-first search over one scope (the target, or one callee)
    concretize.py     concretization of an abstract path by expansion (Figure 5)
    expansions.py     what is known of each abstracted call: its expansions so far
    policy.py         the call policy: abstract an input-dependent call, or run it
    abstract_spec.py  which functions may be abstracted (`--abstract`)
"""
from __future__ import annotations

from smartest.strategies.latest.searcher import Settings, build

__all__ = ["Settings", "build"]
