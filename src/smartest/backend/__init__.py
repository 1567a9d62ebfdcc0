"""The Hypothesis backend `smartest`: `@settings(backend="smartest")` runs @given tests concolically.

Only `provider.py` imports Hypothesis; `smartest explore` never imports this package.
Registration lives in the tiny `smartest_hypothesis` package, which Hypothesis loads
through its entry point without importing smartest.
"""
