"""Imported by ambient.imports_lazily during a run (tests/integration/test_ambient.py)."""
import os

PATH_SET = bool(os.environ.get("PATH"))
LIMIT = 3
