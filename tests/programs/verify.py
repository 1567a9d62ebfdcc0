"""Check the conformance corpus against plain CPython (no smartest):

    python3 tests/programs/verify.py            # every program
    python3 tests/programs/verify.py p32 p40    # programs whose name starts so

Witnesses, a brute-force input grid from the annotations, and path counts from an
opcode tracer; prints a table and exits non-zero if a program fails.  The checks
live in `tests/support/corpus.py` (see its docstring); this is a script, not a test.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/

from support.corpus import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
