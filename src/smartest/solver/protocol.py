"""What every solver layer accepts and answers."""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol

from smartest.terms import Term


class Status(enum.Enum):
    SAT = "sat"
    UNSAT = "unsat"
    UNKNOWN = "unknown"


NO_HISTORY = -1     # a `Query.stream` whose queries leave nothing behind and find nothing before them


@dataclass(frozen=True)
class Query:
    """Is the conjunction of `constraints` satisfiable?  The last one is usually the
    negated branch; `domains` bound each input variable (e.g. len(s) <= n) and are
    added for the variables the sliced query mentions; `hints` are the inputs'
    current values, which a layer may keep where the model leaves a value free.
    `fresh`: a one-off question (the bound probe of engine/deepening) that must leave
    nothing behind that changes later answers: the backend shares its translation but
    none of its incremental solvers.
    `stream`: whose solver history may shape the model (0: the one shared history;
    NO_HISTORY: none, each query on a solver of its own, as a `fresh` one).  z3's models
    depend on what its incremental solvers were asked before, so a searcher that runs two
    searches in turn (strategies/portfolio/) gives each its own stream: each then gets
    the models it would get alone, as long as it asks the same queries."""

    constraints: tuple[Term, ...]
    domains: Mapping[Term, Term] = field(default_factory=dict)
    hints: Mapping[Term, Any] = field(default_factory=dict)
    fresh: bool = False
    stream: int = 0


@dataclass(frozen=True)
class Answer:
    status: Status
    model: Mapping[Term, Any] | None = None  # values of the query's variables when SAT
    why: str = ""                            # UNKNOWN: what stopped the solver, in words

    @property
    def sat(self) -> bool:
        return self.status is Status.SAT


@dataclass
class SolverStats:
    """Counts kept by the chain: what the engine asked, and what reached z3."""

    queries: int = 0
    cache_hits: int = 0
    backend_queries: int = 0
    sat: int = 0
    unsat: int = 0
    unknown: int = 0
    probes: int = 0              # bound probes (engine/deepening), not among `queries`
    time_s: float = 0.0
    # The first few queries answered unknown: the negated condition, why, seconds spent
    # (a query that ran z3's whole step budget is named in the report, not only counted).
    unknown_queries: list = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "queries": self.queries, "sat": self.sat, "unsat": self.unsat,
            "unknown": self.unknown, "time_s": round(self.time_s, 4),
            "cache_hits": self.cache_hits, "backend_queries": self.backend_queries,
            "probes": self.probes, "unknown_queries": list(self.unknown_queries),
        }


class Solver(Protocol):
    def check(self, query: Query) -> Answer: ...
