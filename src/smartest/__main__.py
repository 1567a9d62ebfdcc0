"""`python -m smartest` is the `smartest` command."""
import sys

from smartest.cli import main

sys.exit(main())
