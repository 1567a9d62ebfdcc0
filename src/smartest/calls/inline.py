"""Inline: DART's policy.  No call is intercepted; callee branches join the one
whole-program path."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from smartest.calls.protocol import Call, RunNotes
from smartest.trace.recorder import Recorder


class InlinePolicy:
    name = "inline"

    def intercepts(self, qualname: str, fn: Callable) -> bool:
        return False

    def begin_run(self, assignment: Mapping[str, Any], directive: Any) -> None:
        pass

    def on_call(self, call: Call) -> Any:
        return call.proceed()

    def end_run(self, recorder: Recorder) -> RunNotes:
        return RunNotes()
