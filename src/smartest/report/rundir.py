"""The run directory: `.smartest/runs/<time>-<function>/` with `events.jsonl` (one
versioned JSON event per line, flushed as it is written) and `report.json`.

Because every test case is on disk the moment it exists, a run that is
interrupted or killed keeps what it had found; `smartest emit RUN_DIR` rebuilds
the pytest file from the events alone.
"""
from __future__ import annotations

import json
import os
import time
from typing import Any

from smartest.engine.testcase import TestCase

EVENT_VERSION = 1


class RunDirectory:
    def __init__(self, base: str, target_spec: str, qualname: str, meta: dict[str, Any]) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        name = f"{stamp}-{qualname.replace('.', '_')}"
        path = os.path.join(base, "runs", name)
        n = 1
        while os.path.exists(path):
            n += 1
            path = os.path.join(base, "runs", f"{name}-{n}")
        os.makedirs(path)
        self.path = path
        self._events = open(os.path.join(path, "events.jsonl"), "a", encoding="utf-8")
        self.write_event("start", target=target_spec, **meta)

    def write_event(self, kind: str, **data: Any) -> None:
        self._events.write(json.dumps({"v": EVENT_VERSION, "event": kind, "t": round(time.time(), 3), **data}) + "\n")
        self._events.flush()

    def on_test(self, test: TestCase, stats) -> None:
        self.write_event("test", test=test.as_dict())

    def finish(self, report_dict: dict) -> None:
        self.write_event("end", runs=report_dict["runs"], paths=report_dict["paths"],
                         complete=report_dict["complete"], stop_reason=report_dict.get("stop_reason"))
        self._events.close()
        with open(os.path.join(self.path, "report.json"), "w", encoding="utf-8") as f:
            json.dump(report_dict, f, indent=1)


def read_events(path: str) -> tuple[dict, list[TestCase], dict | None]:
    """(start event, test cases, end event or None) of a run directory."""
    start, tests, end = {}, [], None
    with open(os.path.join(path, "events.jsonl"), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                ev = json.loads(line)
            except json.JSONDecodeError:
                break  # the last line of a killed run may be cut short
            if ev.get("event") == "start":
                start = ev
            elif ev.get("event") == "test":
                tests.append(TestCase.from_dict(ev["test"]))
            elif ev.get("event") == "end":
                end = ev
    return start, tests, end
