"""The solver boundary: queries over our terms in, models out.

`build_solver_chain` assembles the layers (cache, independence slicing, logging,
z3) in one place so their order is visible; `z3backend` is the only module that
imports z3.
"""
from smartest.solver.protocol import Answer, Query, Solver, SolverStats
from smartest.solver.chain import build_solver_chain

__all__ = ["Answer", "Query", "Solver", "SolverStats", "build_solver_chain"]
