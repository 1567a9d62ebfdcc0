"""The CallPolicy interface: the engine loop never knows which one is active.

A policy says which of the target's functions it wants to intercept; the engine
wraps those in their module namespace for the duration of the exploration, and
each call to one goes through `on_call`, which may run it (`proceed`), replace its
result, or record it.
"""
from __future__ import annotations

from typing import Any, Callable, Protocol


class CallPolicy(Protocol):
    name: str

    def intercepts(self, qualname: str, fn: Callable) -> bool:
        """Should calls to this function of the target go through `on_call`?"""
        ...

    def on_call(self, qualname: str, fn: Callable, args: tuple, kwargs: dict,
                proceed: Callable[[], Any]) -> Any:
        ...
