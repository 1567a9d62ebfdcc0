"""The report of one exploration (schema version 1), and its JSON form."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from smartest.engine.testcase import TestCase

SCHEMA = 1


@dataclass
class Report:
    target: str
    strategy: str
    runs: int
    paths: int
    complete: bool
    time_s: float
    solver: dict
    tests: list[TestCase]
    coverage: dict = field(default_factory=dict)
    stop_reason: str = ""
    divergences: int = 0
    fallback_runs: int = 0      # runs of DART's negation after the strategy's own frontier emptied
    fallback_why: str = ""      # why the engine asked for them
    concretizations: list[dict] = field(default_factory=list)
    replay: dict = field(default_factory=dict)
    run_dir: str | None = None
    extra: dict = field(default_factory=dict)   # strategy-specific figures
    notes: list[str] = field(default_factory=list)   # lines the strategy and the modes hand the text report
    complete_means: str = "every feasible path was run"   # what `complete` promises under this strategy
    # The bounds a path was cut by when the search stopped deepening them (engine/deepening):
    # complete at most "up to strings of N, containers of M".
    bounded: dict | None = None

    @property
    def complete_under_bounds(self) -> bool:
        """Every feasible path with inputs within the bounds was run (`complete`, or
        exhausted with some path cut by a bound: "complete up to strings of N...")."""
        return self.complete or (self.bounded is not None and self.stop_reason == "exhausted"
                                 and not self.concretizations and not self.divergences
                                 and not self.solver.get("unknown") and not self.extra.get("guess_misfits")
                                 and not self.extra.get("parallel", {}).get("abandoned_jobs")
                                 and not self.extra.get("unreproduced_bugs") and not self.replay.get("otherwise"))

    @property
    def bugs(self) -> list[TestCase]:
        return [t for t in self.tests if t.bug]

    @property
    def distinct_bugs(self) -> list[TestCase]:
        return distinct_bugs(self.tests)

    def suite(self, all_paths: bool = False) -> list[TestCase]:
        """The tests to emit: the minimal suite the coverage replay chose (every bug
        test stays, `distinct_bugs` picks among them), or one per path."""
        kept = self.replay.get("minimal")
        if all_paths or kept is None:
            return list(self.tests)
        keep = set(kept)
        return [t for t in self.tests if t.bug or t.index in keep]

    def as_dict(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA, "target": self.target, "strategy": self.strategy,
            "runs": self.runs, "paths": self.paths, "complete": self.complete,
            "time_s": round(self.time_s, 4), "stop_reason": self.stop_reason,
            "divergences": self.divergences, "fallback_runs": self.fallback_runs,
            **({"fallback_why": self.fallback_why} if self.fallback_why else {}), "solver": self.solver,
            "tests": [t.as_dict() for t in self.tests],
            "bugs": [t.as_dict() for t in self.bugs],
            "coverage": self.coverage, "concretizations": self.concretizations,
            "replay": self.replay, "run_dir": self.run_dir,
            **({"bounded": self.bounded} if self.bounded else {}), **({"extra": self.extra} if self.extra else {}),
            "notes": self.notes, "complete_means": self.complete_means,
        }

    def write_json(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(self.as_dict(), f, indent=1)
            f.write("\n")

    @staticmethod
    def from_dict(d: dict) -> "Report":
        if d.get("schema") != SCHEMA:
            raise ValueError(f"report schema {d.get('schema')!r} is not {SCHEMA}")
        return Report(
            target=d["target"], strategy=d["strategy"], runs=d["runs"], paths=d["paths"],
            complete=d["complete"], time_s=d["time_s"], solver=d["solver"],
            tests=[TestCase.from_dict(t) for t in d["tests"]], coverage=d.get("coverage", {}),
            stop_reason=d.get("stop_reason", ""), divergences=d.get("divergences", 0),
            fallback_runs=d.get("fallback_runs", 0), fallback_why=d.get("fallback_why", ""),
            concretizations=d.get("concretizations", []),
            replay=d.get("replay", {}), run_dir=d.get("run_dir"), extra=d.get("extra", {}), notes=d.get("notes", []),
            complete_means=d.get("complete_means", "every feasible path was run"), bounded=d.get("bounded"),
        )


def distinct_bugs(tests) -> list[TestCase]:
    """One test per bug, a bug being an (exception type, place): of the inputs that
    raised it, the one that reads shortest, since it is the one a developer reads
    first (DFS finds a bug again on every path past it, with ever longer inputs)."""
    best: dict[tuple, TestCase] = {}
    for t in tests:
        if not t.bug:
            continue
        key = (t.raised.type, t.raised.where) if t.raised else (t.outcome, "")
        if key not in best or len(repr(t.inputs)) < len(repr(best[key].inputs)):
            best[key] = t
    return list(best.values())
