"""The run directory: `.smartest/runs/<time>-<function>/` with `events.jsonl` (one
versioned JSON event per line, flushed as it is written) and `report.json`.

Because every test case is on disk the moment it exists, a run that is
interrupted or killed keeps what it had found; `smartest emit RUN_DIR` rebuilds
the pytest file from the events alone.  A `run` event is written just before each
execution of the target, so when the target kills the whole process (a segfault in
a C extension, `os.kill`), the inputs that did it are the last `run` event with no
`test` after it.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from typing import Any

from smartest.engine.testcase import TestCase, inputs_as_json, inputs_from_json

EVENT_VERSION = 1


def reserve_run_path(base: str, qualname: str) -> str:
    """Create and return a new, empty run directory under `base/runs/`."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    name = f"{stamp}-{qualname.replace('.', '_')}"
    runs = os.path.join(base, "runs")
    os.makedirs(runs, exist_ok=True)
    n = 1
    path = os.path.join(runs, name)
    while True:
        try:
            os.mkdir(path)
            return path
        except FileExistsError:
            n += 1
            path = os.path.join(runs, f"{name}-{n}")


class RunDirectory:
    def __init__(self, base: str, target_spec: str, qualname: str, meta: dict[str, Any],
                 path: str | None = None) -> None:
        self.path = path or reserve_run_path(base, qualname)
        os.makedirs(self.path, exist_ok=True)
        self._events = open(os.path.join(self.path, "events.jsonl"), "a", encoding="utf-8")
        self.write_event("start", target=target_spec, **meta)

    def write_event(self, kind: str, **data: Any) -> None:
        self._events.write(json.dumps({"v": EVENT_VERSION, "event": kind, "t": round(time.time(), 3), **data}) + "\n")
        self._events.flush()

    def on_run_start(self, inputs: dict[str, Any]) -> None:
        values, reprs, imports = inputs_as_json(inputs)
        extra = {"inputs_repr": reprs, "inputs_imports": imports} if reprs else {}
        self.write_event("run", inputs=values, **extra)

    def on_test(self, test: TestCase, stats) -> None:
        self.write_event("test", test=test.as_dict())

    def finish(self, report_dict: dict) -> None:
        self.write_event("end", runs=report_dict["runs"], paths=report_dict["paths"],
                         complete=report_dict["complete"], stop_reason=report_dict.get("stop_reason"))
        self._events.close()
        with open(os.path.join(self.path, "report.json"), "w", encoding="utf-8") as f:
            json.dump(report_dict, f, indent=1)


@dataclass
class RunEvents:
    """What a run directory holds: the start event, the tests, the end event (None if
    the run was cut short) and the inputs of a run that started but never ended."""

    start: dict = field(default_factory=dict)
    tests: list[TestCase] = field(default_factory=list)
    end: dict | None = None
    unfinished: dict | None = None
    runs: int = 0


def read_run(path: str) -> RunEvents:
    out = RunEvents()
    pending = None
    with open(os.path.join(path, "events.jsonl"), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                ev = json.loads(line)
            except json.JSONDecodeError:
                break  # the last line of a killed run may be cut short
            kind = ev.get("event")
            if kind == "start":
                out.start = ev
            elif kind == "run":
                pending = inputs_from_json(ev)
                out.runs += 1
            elif kind == "test":
                out.tests.append(TestCase.from_dict(ev["test"]))
                pending = None
            elif kind == "end":
                out.end = ev
    out.unfinished = pending
    return out


def read_events(path: str) -> tuple[dict, list[TestCase], dict | None]:
    """(start event, test cases, end event or None) of a run directory."""
    run = read_run(path)
    return run.start, run.tests, run.end
