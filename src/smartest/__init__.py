"""smartest: concolic test generation for Python.

    >>> import smartest
    >>> report = smartest.explore("examples/password.py:check", max_runs=100)
    >>> [t.inputs for t in report.bugs]

The public API is the names below; everything else is internal.
"""
from smartest.annotations import assume, opaque, partition
from smartest.api import explore
from smartest.engine.testcase import TestCase
from smartest.errors import InvalidArgument, SmartestError, TargetError
from smartest.guided.annotations import assumed, check
from smartest.options import Options
from smartest.report.report import Report

__all__ = ["assume", "assumed", "check", "opaque", "partition", "explore", "Options", "Report", "TestCase",
           "SmartestError", "InvalidArgument", "TargetError"]
__version__ = "0.1.0"
