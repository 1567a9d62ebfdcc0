"""Searchers: which dangling branch to flip next (the first axis of a strategy).

Only what several strategies share lives here (the protocol, DART's `flip`, static
targets); each strategy's own searcher lives in its folder under `strategies/`."""
from smartest.search.protocol import Candidate, ExploredRun, Searcher

__all__ = ["Candidate", "ExploredRun", "Searcher"]
