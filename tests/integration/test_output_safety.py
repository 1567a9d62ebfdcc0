"""Outputs are safe: paths checked before exploring, never the target's own source;
text from the target escaped for the terminal; a run directory's data rebuilt as
literals, never spliced; the same --seed gives the same tests whatever the hash seed."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from smartest.report.terminal import safe_text

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.normpath(os.path.join(HERE, "..", "..", "src"))
ENV = {**os.environ, "PYTHONPATH": SRC}


def smartest(*args, cwd, env=None):
    return subprocess.run([sys.executable, "-m", "smartest", *args], cwd=cwd, env=env or ENV,
                          capture_output=True, text=True, timeout=600)


SIMPLE = "def f(x: int) -> int:\n    if x > 3:\n        return 1\n    return 0\n"


@pytest.mark.parametrize("args,says", [
    (["--emit-tests", "."], "is a directory"),
    (["--json", "mod.py"], "source of the code under test"),
    (["--emit-tests", "mod.py"], "source of the code under test"),
    (["--json", "notadir/r.json"], "is not a directory"),
    (["--run-dir", "mod.py"], "not a directory"),
])
def test_bad_output_paths_are_one_line_errors_before_anything_runs(tmp_path, args, says):
    (tmp_path / "mod.py").write_text(SIMPLE)
    (tmp_path / "notadir").write_text("a file")
    p = smartest("explore", "mod.py:f", *args, "--run-dir" if "--run-dir" not in args else "--quiet",
                 *(["rd"] if "--run-dir" not in args else []), cwd=tmp_path)
    assert p.returncode == 2 and says in p.stderr and len(p.stderr.strip().splitlines()) == 1, p.stderr
    assert (tmp_path / "mod.py").read_text() == SIMPLE
    assert not (tmp_path / "rd").exists()     # refused before a run directory was made


@pytest.mark.parametrize("name", ["my-mod", "class"])
def test_a_module_name_no_test_can_import_is_refused_for_emit(tmp_path, name):
    (tmp_path / f"{name}.py").write_text(SIMPLE)
    p = smartest("explore", f"{name}.py:f", "--emit-tests", "t.py", "--no-run-dir", cwd=tmp_path)
    assert p.returncode == 2 and "cannot be imported" in p.stderr


HOSTILE = '''
def f(x: int) -> int:
    if x > 3:
        raise ValueError("\\x1b[2J\\x1b]0;PWN\\x07 \\u202e \\x9b31m done")
    return 0
'''


def test_the_targets_text_reaches_the_terminal_escaped(tmp_path):
    (tmp_path / "hostile.py").write_text(HOSTILE)
    p = smartest("explore", "hostile.py:f", "--strict", "--no-run-dir", "--quiet", "--no-coverage", cwd=tmp_path)
    assert p.returncode == 1
    out = p.stdout + p.stderr
    assert "\\x1b[2J" in out and "\\x07" in out and "\\u202e" in out and "\\x9b" in out
    assert not any(ord(c) < 32 and c != "\n" or 0x7f <= ord(c) < 0xa0 or c == "\u202e" for c in out)


def test_safe_text_escapes_controls_formats_and_surrogates():
    assert safe_text("plain é ü ✓") == "plain é ü ✓"
    assert safe_text("a\x1b[0m\tb\udc80\u2028") == "a\\x1b[0m\\tb\\udc80\\u2028"
    assert safe_text("two\nlines", keep_newlines=True) == "two\nlines"


SETS = '''
def f(s: set[str]) -> int:
    n = 0
    for x in s:
        if x.startswith("a"):
            n += 1
        elif len(x) > 2:
            return n
    return -n
'''


def test_the_same_seed_gives_the_same_tests_under_any_hash_seed(tmp_path):
    (tmp_path / "sets_mod.py").write_text(SETS)
    texts = set()
    for hash_seed in ("0", "1", "2", "random"):
        p = smartest("explore", "sets_mod.py:f", "--seed", "3", "--max-runs", "120", "--no-run-dir", "--quiet",
                     "--no-coverage", "--emit-tests", f"t_{hash_seed}.py", cwd=tmp_path,
                     env={**ENV, "PYTHONHASHSEED": hash_seed})
        assert p.returncode in (0, 1), p.stderr
        texts.add((tmp_path / f"t_{hash_seed}.py").read_text())
    assert len(texts) == 1


def test_emit_rebuilds_literals_and_refuses_code_planted_in_a_run_directory(tmp_path):
    (tmp_path / "mod.py").write_text("def f(x: tuple) -> int:\n    return len(x)\n")
    p = smartest("explore", "mod.py:f", "--max-runs", "5", "--run-dir", "rd", "--quiet", "--no-coverage",
                 cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    [run] = os.listdir(tmp_path / "rd" / "runs")
    events = tmp_path / "rd" / "runs" / run / "events.jsonl"
    lines = [json.loads(line) for line in events.read_text().splitlines()]
    planted = "__import__('os').system('touch PWNED')"
    for ev in lines:
        if ev["event"] == "test":
            ev["test"]["inputs"] = {"x": None}
            ev["test"]["inputs_repr"] = {"x": planted}
    events.write_text("".join(json.dumps(ev) + "\n" for ev in lines))
    out = smartest("emit", str(events.parent), "-o", "test_rebuilt.py", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "system" not in (tmp_path / "test_rebuilt.py").read_text()
    # a module name that is code is refused, not written into an import
    lines[0]["emit"]["module_name"] = "os; import shutil"
    events.write_text("".join(json.dumps(ev) + "\n" for ev in lines))
    bad = smartest("emit", str(events.parent), "-o", "test_bad.py", cwd=tmp_path)
    assert bad.returncode == 2 and "not a Python name" in bad.stderr and not (tmp_path / "test_bad.py").exists()
    assert not (tmp_path / "PWNED").exists()
