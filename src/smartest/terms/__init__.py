"""Our own small expression language: hash-consed term nodes and their constructors.

Concolic values carry terms, not z3 expressions (DESIGN.md decision 1): building a
term is a dictionary lookup, and only the solver boundary translates terms to z3.
"""
from smartest.terms.term import Term, Sort, var, const, free_vars
from smartest.terms import build

__all__ = ["Term", "Sort", "var", "const", "free_vars", "build"]
