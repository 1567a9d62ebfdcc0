"""Imported by ambient.imports_clock_helper during a run: it binds what the run's
stand-ins stand in for (tests/integration/test_ambient.py checks they are put back)."""
import datetime
from datetime import date
from time import time as clock

LIMIT = 3
