"""The corpus checked against plain CPython (no smartest): each program's shape and
witnesses, and the verifier's grid and path tracer on two small programs.

The full brute-force check is `python3 tests/programs/verify.py` (about a minute);
this keeps the cheap part of it in the suite, so a corpus edit that breaks a witness
or the EXPECTED format fails here.
"""
from __future__ import annotations

import glob
import os

import pytest

from support import corpus as verify
from support.oracle import load

PROGRAMS_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "programs")
PROGRAMS = sorted(glob.glob(os.path.join(PROGRAMS_DIR, "p[0-9]*.py")))


def test_corpus_size():
    assert len(PROGRAMS) >= 70


@pytest.mark.parametrize("path", PROGRAMS, ids=lambda p: os.path.basename(p)[:-3])
def test_program_shape_and_witnesses(path):
    module = load(path)
    with open(path, encoding="utf-8") as f:
        assert verify.check_shape(module, f.read()) == []
    assert verify.check_witnesses(module, module.EXPECTED) == []


@pytest.mark.parametrize("name, paths", [("p03_chained_comparison", 4), ("p62_range_symbolic", 9)])
def test_verifier_counts_paths_on_the_grid(name, paths):
    result = verify.verify(os.path.join(PROGRAMS_DIR, name + ".py"))
    assert result.problems == []
    assert result.paths == f"{paths}/{paths}"


def test_verifier_reports_a_wrong_declaration(tmp_path):
    program = tmp_path / "p99_wrong.py"
    program.write_text(
        '"""A program whose EXPECTED misses a label and over-counts paths."""\n\n\n'
        "def sign(x: int) -> str:\n"
        "    if x < 0:\n"
        '        return "neg"\n'
        '    return "pos"\n\n\n'
        'EXPECTED = {"function": "sign", "reach": ["return \'neg\'"], "never": [], "complete": True,\n'
        '            "paths": 3, "witness": {"return \'neg\'": {"x": -1}}}\n')
    problems = verify.verify(str(program)).problems
    assert any("undeclared label \"return 'pos'\"" in p for p in problems), problems
    assert any("2 distinct paths" in p for p in problems), problems
