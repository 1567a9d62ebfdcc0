"""`max_bugs` (`--max-bugs`, as pytest's -x): the exploration ends once it has found that
many bugs, says so, and does not claim `complete`; the runs before the stop are the
runs an unlimited exploration makes (stopping changes nothing before it)."""
from __future__ import annotations

import os
import subprocess
import sys

from smartest import explore
from support.oracle import label, load

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
CALC = os.path.join(ROOT, "benchmarks", "programs", "calc_divzero.py")


def _inputs(report):
    return [dict(t.inputs) for t in report.tests]


def test_the_exploration_stops_at_its_first_bug_after_the_same_runs():
    spec = f"{CALC}:calc_tokens"
    flags = dict(run_dir=None, coverage=False, max_runs=60, max_str_len=4, deepen=False, strategy="dart")
    whole = explore(spec, **flags)
    first = explore(spec, max_bugs=1, **flags)
    module = load(CALC)
    labels = [label(module, "calc_tokens", i) for i in _inputs(first)]
    assert first.stop_reason == "max_bugs" and not first.complete
    assert labels[-1].startswith("bug ") and not any(x.startswith("bug ") for x in labels[:-1]), labels
    assert _inputs(first) == _inputs(whole)[:len(first.tests)]
    assert whole.runs > first.runs


def test_a_negative_max_bugs_is_one_line_and_exit_2(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "smartest", "explore", f"{CALC}:calc_tokens", "--max-bugs", "-1"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert "max_bugs" in proc.stderr
