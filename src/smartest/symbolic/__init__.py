"""Concolic values: proxies that carry a concrete Python value and a symbolic term.

`SymInt` subclasses `int` and `SymStr` subclasses `str`, so C code that cannot see
the proxy computes with the concrete value (DART's fallback); `SymBool` cannot
subclass `bool` and is a plain proxy whose `__bool__` records a branch.
"""
from smartest.symbolic.bools import SymBool
from smartest.symbolic.ints import SymInt
from smartest.symbolic.strs import SymStr
from smartest.symbolic.realize import realize, term_of
# The modules that provide what the ones below them reach upward (upward.py), and the
# input kinds, which register themselves with inputs.py.
from smartest.symbolic import formatting, inputs, kinds_choice, kinds_containers, kinds_records, kinds_scalars  # noqa: F401,E402

__all__ = ["SymBool", "SymInt", "SymStr", "realize", "term_of"]
