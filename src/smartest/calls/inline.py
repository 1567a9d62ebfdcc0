"""Inline: DART's policy.  Every call simply runs; callee branches join the one
whole-program path."""
from __future__ import annotations

from typing import Any, Callable


class InlinePolicy:
    name = "inline"

    def intercepts(self, qualname: str, fn: Callable) -> bool:
        return False

    def on_call(self, qualname: str, fn: Callable, args: tuple, kwargs: dict,
                proceed: Callable[[], Any]) -> Any:
        return proceed()
