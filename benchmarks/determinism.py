"""Same target, options and --seed: the same emitted tests on an idle and on a loaded
machine.  Runs one exploration N times with nothing beside it, then N times with one
CPU-burning process per core beside it, and compares the emitted test files byte for
byte (`smartest explore ... --emit-tests`).

    python benchmarks/determinism.py                       # pex_parser.check, n=4, 5 + 5 runs
    python benchmarks/determinism.py --target benchmarks/programs/hwm.py:hwm --args --max-str-len 3
"""
from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT = os.path.join(HERE, "programs", "pex_parser.py") + ":check"


def _burn(stop_at: float) -> None:
    x = 0
    while time.time() < stop_at:
        x = (x * 31 + 7) % 1_000_003


def _explore(target: str, extra: list[str], out: str) -> tuple[str, float]:
    cmd = [sys.executable, "-m", "smartest", "explore", target, "--emit-tests", out, "--no-run-dir",
           "--no-coverage", "--quiet", "--time-limit", "3600", *extra]
    t0 = time.perf_counter()
    subprocess.run(cmd, check=False, capture_output=True)
    with open(out, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:16], time.perf_counter() - t0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--target", default=DEFAULT)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--args", nargs=argparse.REMAINDER, default=["--max-str-len", "4", "--seed", "0"])
    a = p.parse_args(argv)
    digests = {}
    with tempfile.TemporaryDirectory() as tmp:
        for load in ("idle", "loaded"):
            burners = []
            if load == "loaded":
                stop_at = time.time() + 3600
                burners = [multiprocessing.Process(target=_burn, args=(stop_at,), daemon=True)
                           for _ in range(os.cpu_count() or 2)]
                for b in burners:
                    b.start()
            try:
                for i in range(a.runs):
                    digest, secs = _explore(a.target, a.args, os.path.join(tmp, f"test_{load}_{i}.py"))
                    digests.setdefault(digest, []).append(f"{load}#{i}")
                    print(f"{load:6} run {i}: {secs:6.1f} s, load average {os.getloadavg()[0]:.1f}, "
                          f"tests sha256 {digest}", flush=True)
            finally:
                for b in burners:
                    b.terminate()
                    b.join()
    print(f"{len(digests)} distinct test file(s) over {2 * a.runs} explorations")
    return 0 if len(digests) == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
