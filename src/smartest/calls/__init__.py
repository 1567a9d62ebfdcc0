"""Call policies: what happens when the target calls one of its own functions (the
second axis of a strategy): inline (DART), summaries (SMART), lazy abstraction
(LATEST), demand-driven summaries, uninterpreted opaque calls (mixed solving)."""
from smartest.calls.protocol import CallPolicy
from smartest.calls.inline import InlinePolicy

__all__ = ["CallPolicy", "InlinePolicy"]
