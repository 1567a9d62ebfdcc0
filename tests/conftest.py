import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))

# `pytest --hypothesis-profile=smartest` runs every @given test of the suite on the
# smartest backend (the entry point registers it once smartest is installed with the
# hypothesis extra; registering here covers a checkout run from PYTHONPATH).
import smartest_hypothesis  # noqa: E402
from hypothesis import settings  # noqa: E402

smartest_hypothesis.register()
settings.register_profile("smartest", backend="smartest", deadline=None)
