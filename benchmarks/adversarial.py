"""The adversarial table: every hostile target of tests/integration/hostile/ explored
by the command line as the suite explores it, with the outcomes reported and the exit
status.

    python benchmarks/adversarial.py        # a Markdown table on stdout

The suite (tests/integration/test_adversarial.py) asserts the same runs; this prints them.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "integration"))

from test_adversarial import HOSTILE_CASES, smartest  # noqa: E402

REFUSED = ["import_loop", "import_exit", "generator", "coroutine"]


def main() -> int:
    print("| target | options | outcomes reported | exit | seconds |")
    print("|---|---|---|---|---|")
    errors = 0
    for name, args, check in [*HOSTILE_CASES, *[(n, (), None) for n in REFUSED]]:
        with tempfile.TemporaryDirectory() as tmp:
            tmp_path = Path(tmp)
            (tmp_path / "base").mkdir()
            t0 = time.monotonic()
            proc = smartest(tmp_path, name, *args)
            seconds = time.monotonic() - t0
            report = tmp_path / "report.json"
            if report.exists():
                data = json.loads(report.read_text())
                seen = sorted({t["outcome"] + (f" ({t['raised']['type']})" if t["raised"] else "")
                               for t in data["tests"]})
                shown = ", ".join(seen) or "no run"
                if check is not None and not check(data):
                    shown += " — CHECK FAILED"
            else:
                shown = proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "no report"
            errors += proc.returncode == 3
            print(f"| {name} | {' '.join(args)} | {shown.replace('|', '/')} | {proc.returncode} | {seconds:.1f} |",
                  flush=True)
    print(f"\ninternal errors (exit 3): {errors}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
