"""Searchers: which dangling branch to flip next (the first axis of a strategy)."""
from smartest.search.protocol import Candidate, ExploredRun, Searcher
from smartest.search.dfs import DepthFirstSearcher
from smartest.search.generational import GenerationalSearcher

__all__ = ["Candidate", "ExploredRun", "Searcher", "DepthFirstSearcher", "GenerationalSearcher"]
