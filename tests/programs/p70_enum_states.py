"""Enum parameters: a small state machine compared with `is` and `==`; an invalid
transition raises ValueError on purpose (an expected outcome, not a bug)."""
from enum import Enum


class State(Enum):
    IDLE = "idle"
    RUNNING = "running"
    DONE = "done"


class Event(Enum):
    START = 1
    FINISH = 2
    RESET = 3


def step(state: State, event: Event) -> str:
    if event is Event.RESET:
        return State.IDLE.value
    if state is State.IDLE and event is Event.START:
        return State.RUNNING.value
    if state is State.RUNNING and event == Event.FINISH:
        return State.DONE.value
    raise ValueError(f"{event.name} not allowed in {state.name}")


EXPECTED = {
    "function": "step",
    "reach": ["return 'idle'", "return 'running'", "return 'done'", "raise ValueError"],
    "never": [],
    "complete": True,
    "witness": {
        "return 'idle'": {"state": State.DONE, "event": Event.RESET},
        "return 'running'": {"state": State.IDLE, "event": Event.START},
        "return 'done'": {"state": State.RUNNING, "event": Event.FINISH},
        "raise ValueError": {"state": State.DONE, "event": Event.START},
    },
}
