"""Branches and path constraints: what one run decided about its symbolic inputs."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from smartest.terms import Term, build
from smartest.trace.site import Site


@dataclass(frozen=True, slots=True)
class Branch:
    """One decided symbolic condition: at `site`, `term` evaluated to `taken`."""

    site: Site
    term: Term
    taken: bool
    flippable: bool = True   # False for assumptions (assume(), summary instances): never negated
    frame: int = -1          # the intercepted call it was decided in (CallRecord.index), -1: the target

    @property
    def constraint(self) -> Term:
        """The condition as it held on this run (the term, or its negation)."""
        return self.term if self.taken else build.not_(self.term)

    @property
    def negated(self) -> Term:
        """The condition that drives a run down the other side of this branch."""
        return build.not_(self.term) if self.taken else self.term


@dataclass(frozen=True, slots=True)
class Concretization:
    """Where and why a symbolic value fell back on its concrete value (DART's fallback)."""

    site: Site
    reason: str
    callee: str = ""     # what read the concrete value (a C function, a method the proxies lack)


def path_constraint(path: Sequence[Branch], flip_at: int) -> tuple[Term, ...]:
    """Conditions of path[:flip_at] as taken, then path[flip_at] negated (Figure 3 of SMART)."""
    prefix = [b.constraint for b in path[:flip_at]]
    return (*prefix, path[flip_at].negated)
