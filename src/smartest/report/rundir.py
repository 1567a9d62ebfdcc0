"""The run directory: `.smartest/runs/<time>-<function>/` with `events.jsonl` (one
versioned JSON event per line, flushed as it is written) and `report.json`.

Because every test case is on disk the moment it exists, a run that is
interrupted or killed keeps what it had found; `smartest emit RUN_DIR` rebuilds
the pytest file from the events alone.  A `run` event is written just before each
execution of the target, so when the target kills the whole process (a segfault in
a C extension, `os.kill`), the inputs that did it are the last `run` event with no
`test` after it.  Events are flushed as written (a SIGKILL loses nothing); the
start event and every bug are also fsynced (a power cut loses no bug), which costs
one disk sync per distinct failing run, not per run.

`smartest explore --resume RUN_DIR` continues an interrupted exploration in its own
directory.  The run events say which inputs were run, in order; the exploration
starts again from the same options and seed, and because the search is
deterministic (solver bounded by steps, hashing fixed) it asks for the same inputs
again: those runs are *replayed* (executed to rebuild the execution tree, counted
once, written nowhere) until the recorded runs are used up, and the exploration
goes on from there, appending to the same `events.jsonl`.  Should a run ask for
other inputs than the recorded ones, replaying stops there, and the recorded tests
past that point are kept in the report as they were.
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
                 path: str | None = None, resume: bool = False) -> None:
        self.path = path or reserve_run_path(base, qualname)
        os.makedirs(self.path, exist_ok=True)
        events = os.path.join(self.path, "events.jsonl")
        if resume:
            _drop_cut_line(events)
        self._events = open(events, "a", encoding="utf-8")
        if resume:
            self.write_event("resume", target=target_spec)
        else:
            self.write_event("start", target=target_spec, sync=True, **meta)

    def write_event(self, kind: str, sync: bool = False, **data: Any) -> None:
        self._events.write(json.dumps({"v": EVENT_VERSION, "event": kind, "t": round(time.time(), 3), **data}) + "\n")
        self._events.flush()
        if sync:
            os.fsync(self._events.fileno())

    def on_run_start(self, inputs: dict[str, Any]) -> None:
        values, reprs, imports = inputs_as_json(inputs)
        extra = {"inputs_repr": reprs, "inputs_imports": imports} if reprs else {}
        self.write_event("run", inputs=values, **extra)

    def on_test(self, test: TestCase, stats) -> None:
        self.write_event("test", sync=test.bug, test=test.as_dict())

    def finish(self, report_dict: dict) -> None:
        self.write_event("end", runs=report_dict["runs"], paths=report_dict["paths"],
                         complete=report_dict["complete"], stop_reason=report_dict.get("stop_reason"))
        self._events.close()
        with open(os.path.join(self.path, "report.json"), "w", encoding="utf-8") as f:
            json.dump(report_dict, f, indent=1)


def _drop_cut_line(events: str) -> None:
    """Cut a last line left half-written by a kill, so appended events start on a line of their own."""
    with open(events, "rb+") as f:
        data = f.read()
        if data and not data.endswith(b"\n"):
            f.truncate(data.rfind(b"\n") + 1)


class Replay:
    """A handler in front of the run directory while an exploration resumes: runs whose
    inputs are the recorded ones, in order, are replayed (not written again)."""

    def __init__(self, inner, recorded: "RunEvents") -> None:
        self.inner = inner
        self.runs = recorded.run_inputs       # inputs of every recorded run, JSON form, in order
        self.tested = recorded.tested         # which of them ended with a test event
        self.tests = recorded.tests
        self.at = 0                           # recorded runs consumed
        self.replaying = False
        self.diverged_at: int | None = None
        self.replayed = 0

    def on_run_start(self, inputs: dict[str, Any]) -> None:
        self.replaying = False
        if self.diverged_at is None and self.at < len(self.runs):
            if _as_recorded(inputs) == self.runs[self.at]:
                # The run event is on disk already; so is its test, if it had one (a run
                # the kill cut short gets its test now).
                self.replaying = self.tested[self.at]
                self.at += 1
                self.replayed += 1
                return
            else:
                self.diverged_at = self.at
        self.inner.on_run_start(inputs)

    def on_test(self, test: TestCase, stats) -> None:
        if self.replaying:
            self.replaying = False
            return
        self.inner.on_test(test, stats)

    def unreplayed_tests(self) -> list[TestCase]:
        """Recorded tests of runs past the point where replaying stopped."""
        before = sum(self.tested[:self.at])
        return self.tests[before:]

    def __getattr__(self, name):
        return getattr(self.inner, name)


def _as_recorded(inputs: dict[str, Any]) -> dict:
    values, reprs, _ = inputs_as_json(inputs)
    return json.loads(json.dumps({"inputs": values, "inputs_repr": reprs}))


@dataclass
class RunEvents:
    """What a run directory holds: the start event, the tests, the end event (None if
    the run was cut short) and the inputs of a run that started but never ended."""

    start: dict = field(default_factory=dict)
    tests: list[TestCase] = field(default_factory=list)
    end: dict | None = None
    unfinished: dict | None = None
    runs: int = 0
    run_inputs: list[dict] = field(default_factory=list)   # each run event's inputs, as recorded
    tested: list[bool] = field(default_factory=list)       # whether that run ended with a test


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
                out.run_inputs.append({"inputs": ev.get("inputs"), "inputs_repr": ev.get("inputs_repr", {})})
                out.tested.append(False)
            elif kind == "test":
                out.tests.append(TestCase.from_dict(ev["test"]))
                pending = None
                if out.tested:
                    out.tested[-1] = True
            elif kind == "end":
                out.end = ev
    out.unfinished = pending
    return out


def read_events(path: str) -> tuple[dict, list[TestCase], dict | None]:
    """(start event, test cases, end event or None) of a run directory."""
    run = read_run(path)
    return run.start, run.tests, run.end
