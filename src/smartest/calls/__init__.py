"""Call policies: what happens when the target calls one of its own functions (the
second axis of a strategy).  Only what several strategies share lives here (the
protocol, interception, inlining, outcome classes, purity analysis); each strategy's
own policy lives in its folder under `strategies/`."""
from smartest.calls.protocol import CallPolicy
from smartest.calls.inline import InlinePolicy

__all__ = ["CallPolicy", "InlinePolicy"]
