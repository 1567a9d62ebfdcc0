"""Guided DSE toward unverified executions (Christakis, Müller, Wüstholz, ICSE'16).

A solving/search option that combines with any strategy: `--guided off` (the
paper's PV: annotations encoded, nothing inferred), `may` (MAY: `assume` the
may-unverified conditions, which aborts and prunes verified executions),
`must` (MUST: `tryfirst` the must-unverified conditions, which prioritizes
executions whose every assertion is unverified), `may-must` (both).

    annotations.py   assumed / check, the public annotations
    boolfun.py       conditions over assumption identifiers, as truth tables
    recognize.py     which statements are annotations; the functions of a module
    abstraction.py   the boolean abstraction: a CFG per function, from the AST
    inference.py     WP, MUST_assert, MUST_all; where to place assume / tryfirst
    instrument.py    the AST pass (pure: ast.Module -> ast.Module)
    values.py        assumption values at run time, combined without branching
    continuation.py  MAY of what the callers still run (the stack walk)
    runtime.py       what instrumented code calls
    tryfirst.py      the searcher wrapper that runs MUST's side first
    install.py       recompiling annotated functions for an exploration
    session.py       `Guidance`: all of the above for one exploration
"""
from smartest.guided.inference import CONFIGURATIONS

__all__ = ["CONFIGURATIONS"]
