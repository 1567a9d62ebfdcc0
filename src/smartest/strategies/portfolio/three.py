"""The three-way portfolio: DART's depth-first, SAGE's generational and the shallowest
side not yet covered, in strict turns (strategies/portfolio/__init__.py; bound 3x)."""
from __future__ import annotations

from smartest.strategies.portfolio import build_three as build

__all__ = ["build"]
