"""A generated test: the inputs of one run and what the run did."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from smartest.engine.outcome import Raised, as_json_value


@dataclass(frozen=True)
class TestCase:
    __test__ = False  # not a pytest test class

    index: int
    inputs: Mapping[str, Any]
    outcome: str                 # "returned" | "raised" | "timeout" | "exited"
    returned: Any
    raised: Raised | None
    bug: bool
    new_path: bool
    path_length: int
    directed: bool               # inputs came from the solver (not random)
    diverged: bool
    duration_s: float

    def as_dict(self) -> dict:
        inputs, reprs = inputs_as_json(self.inputs)
        d: dict[str, Any] = {
            "index": self.index, "inputs": inputs, "outcome": self.outcome,
            "returned": as_json_value(self.returned), "raised": self.raised.as_dict() if self.raised else None,
            "bug": self.bug, "new_path": self.new_path, "path_length": self.path_length,
            "directed": self.directed, "diverged": self.diverged, "duration_s": round(self.duration_s, 6),
        }
        if reprs:
            d["inputs_repr"] = reprs
        if self.outcome == "returned":
            d["returned_repr"] = repr(self.returned)
        return d

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> "TestCase":
        raised = d.get("raised")
        return TestCase(
            index=d["index"], inputs=dict(d["inputs"]), outcome=d["outcome"], returned=d.get("returned"),
            raised=Raised(raised["type"], raised["message"], raised.get("where", "?"), False) if raised else None,
            bug=d["bug"], new_path=d.get("new_path", True), path_length=d.get("path_length", 0),
            directed=d.get("directed", False), diverged=d.get("diverged", False),
            duration_s=d.get("duration_s", 0.0),
        )


def inputs_as_json(inputs: Mapping[str, Any]) -> tuple[dict, dict]:
    """(JSON values by name, repr twins of the values with no JSON form)."""
    out, reprs = {}, {}
    for k, v in inputs.items():
        j = as_json_value(v)
        out[k] = j
        if j is None and v is not None:
            reprs[k] = repr(v)
    return out, reprs
