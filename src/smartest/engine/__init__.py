"""The engine: the exploration loop, one run of the target, outcomes and budgets."""
