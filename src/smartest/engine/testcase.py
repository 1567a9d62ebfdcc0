"""A generated test: the inputs of one run and what the run did."""
from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any, Mapping

from smartest.engine.outcome import Raised, as_json_value
from smartest.engine.returned import Unrecordable


_NOT_JSON = object()


def _exact_json(value: Any) -> Any:
    """The JSON form of a value that reads back as the same value and type, else _NOT_JSON."""
    t = type(value)
    if t is int and value.bit_length() > 12_000:
        return _NOT_JSON    # past str(int)'s digit limit: its source is int('0x...', 16)
    if value is None or t in (bool, int, str):
        return value
    if t is float:
        return value if value == value and value not in (float("inf"), float("-inf")) else _NOT_JSON
    if t is list:
        items = [_exact_json(v) for v in value]
        return _NOT_JSON if any(i is _NOT_JSON for i in items) else items
    if t is dict and all(type(k) is str for k in value):
        items = {k: _exact_json(v) for k, v in value.items()}
        return _NOT_JSON if any(i is _NOT_JSON for i in items.values()) else items
    return _NOT_JSON


def _guarded(read, value: Any, default: Any) -> Any:
    """read(value), or `default` when the target's own methods of value raise."""
    try:
        return read(value)
    except Exception:
        return default


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
        inputs, reprs, imports = inputs_as_json(self.inputs)
        d: dict[str, Any] = {
            "index": self.index, "inputs": inputs, "outcome": self.outcome,
            "returned": _guarded(as_json_value, self.returned, None), "raised": self.raised.as_dict() if self.raised else None,
            "bug": self.bug, "new_path": self.new_path, "path_length": self.path_length,
            "directed": self.directed, "diverged": self.diverged, "duration_s": round(self.duration_s, 6),
        }
        if reprs:
            d["inputs_repr"] = reprs
        if imports:
            d["inputs_imports"] = imports
        if self.outcome == "returned":
            d["returned_repr"] = _guarded(repr, self.returned, "<unprintable>")
        return d

    @staticmethod
    def from_dict(d: Mapping[str, Any]) -> "TestCase":
        raised = d.get("raised")
        inputs = inputs_from_json(d)
        return TestCase(
            index=d["index"], inputs=inputs, outcome=d["outcome"], returned=_returned_from_json(d),
            raised=Raised(raised["type"], raised["message"], raised.get("where", "?"), False) if raised else None,
            bug=d["bug"], new_path=d.get("new_path", True), path_length=d.get("path_length", 0),
            directed=d.get("directed", False), diverged=d.get("diverged", False),
            duration_s=d.get("duration_s", 0.0),
        )


_FLOATS = {"nan": float("nan"), "inf": float("inf"), "-inf": float("-inf")}


def _returned_from_json(d: Mapping[str, Any]) -> Any:
    """The returned value of a recorded test case.  JSON holds it exactly only if its
    repr is the one recorded: a tuple comes back a list, NaN, a set or an object None, and
    a test asserting that would fail on the function it pins.  Otherwise the recorded
    repr, if it is a literal that reads back to itself; else an Unrecordable, whose test
    calls the function without asserting its value (as when a live exploration emits)."""
    value, text = d.get("returned"), d.get("returned_repr")
    if d.get("outcome") != "returned" or text is None or _guarded(repr, value, None) == text:
        return value
    if text in _FLOATS:
        return _FLOATS[text]
    try:
        back = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return Unrecordable(text)
    return back if _guarded(repr, back, None) == text else Unrecordable(text)


def inputs_as_json(inputs: Mapping[str, Any]) -> tuple[dict, dict, dict]:
    """(JSON values by name, Python source of the values with no exact JSON form,
    the imports that source needs)."""
    out: dict[str, Any] = {}
    reprs: dict[str, str] = {}
    imports: dict[str, list] = {}
    for k, v in inputs.items():
        j = _exact_json(v)
        out[k] = None if j is _NOT_JSON else j
        if j is _NOT_JSON:
            # Not JSON without loss (a tuple, a set, a dataclass, an Enum member):
            # its Python source, which `smartest emit` writes back as it is.
            from smartest.engine.literals import source
            found = source(v)
            reprs[k] = found[0] if found else repr(v)
            if found and found[1]:
                imports[k] = [list(i) for i in found[1]]
    return out, reprs, imports


def inputs_from_json(d: Mapping[str, Any]) -> dict[str, Any]:
    """The inputs of a test or run event: JSON values, and source twins where they have none."""
    inputs = dict(d["inputs"])
    for k, text in d.get("inputs_repr", {}).items():
        if inputs.get(k) is None:
            from smartest.engine.literals import Source
            inputs[k] = Source(text, d.get("inputs_imports", {}).get(k, []))
    return inputs
