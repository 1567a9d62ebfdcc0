"""Control paths: the lines the target's own code executed, in order, per intercepted frame.

The path constraint only shows the decisions that depended on symbolic values.
LATEST also needs the decisions that did not: when a called function is expanded
instead of abstracted, its side effects can change a *concrete* test of the caller
(LATEST paper, section 4.2, Figure 6: `foo` sets a global that the caller tests),
and a symbolic test on an abstract return value becomes a concrete test on the
callee's constant result.  Comparing two runs' symbolic decisions cannot tell those
apart; comparing the lines each frame executed can.

A `ControlRecorder` installs a trace function for one run.  It answers `None` to
the call events of every frame that is not the target's own code (smartest's
proxies and models, the standard library), so only own frames get line events;
each line event is stored as

    (intercepted call index, code object, line number, length of the path so far)

the first item being the innermost intercepted call active at that moment (-1:
the function under test), so a strategy can cut the stream per call; the last
ties the line to the branches recorded while it ran.  Costs: one Python call per
frame entered, one per own line executed (2-4x a plain concolic run, measured on
calc.py); strategies that do not need control paths do not install it.
"""
from __future__ import annotations

import sys
from types import CodeType
from typing import Callable

from smartest.trace.recorder import ACTIVE

Event = tuple[int, CodeType, int, int]


class ControlRecorder:
    """Records the line events of own code during one run (`start` ... `stop`)."""

    __slots__ = ("_is_own_file", "_own", "events", "_previous")

    def __init__(self, is_own_file: Callable[[str], bool]) -> None:
        self._is_own_file = is_own_file
        self._own: dict[CodeType, bool] = {}
        self.events: list[Event] = []
        self._previous = None

    def start(self) -> None:
        self.events = []
        self._previous = sys.gettrace()
        sys.settrace(self._on_call)

    def stop(self) -> list[Event]:
        sys.settrace(self._previous)
        self._previous = None
        events, self.events = self.events, []
        return events

    def _on_call(self, frame, event, arg):
        code = frame.f_code
        own = self._own.get(code)
        if own is None:
            own = self._own[code] = self._is_own_file(code.co_filename)
        return self._on_line if own else None

    def _on_line(self, frame, event, arg):
        if event == "line":
            rec = ACTIVE.get()
            if rec is not None:
                frames = rec.frames
                self.events.append((frames[-1] if frames else -1, frame.f_code, frame.f_lineno, len(rec.path)))
        return self._on_line
