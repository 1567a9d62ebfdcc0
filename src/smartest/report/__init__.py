"""Reports: the JSON report, the run directory, replay with coverage, text and progress."""
from smartest.report.report import Report

__all__ = ["Report"]
