"""Emitting generated tests as a pytest module."""
from smartest.emit.pytest_writer import EmitTarget, write_pytest_module, build_pytest_module

__all__ = ["EmitTarget", "write_pytest_module", "build_pytest_module"]
