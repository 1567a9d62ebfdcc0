"""Defects the second field trial on packages from the index found (notes/s8-trial2.md),
each reduced to the smallest target that shows it; generated inputs are re-run plainly."""
import json
import os
import subprocess
import sys
import textwrap

import smartest

SRC = os.path.dirname(os.path.dirname(smartest.__file__))


def _smartest(cwd, *argv, timeout=300):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-m", "smartest", *argv], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=timeout)


def test_a_returned_value_that_pickles_but_does_not_load_back_stops_nothing(tmp_path):
    """idna.codec's `search_function` returns a `codecs.CodecInfo`, a tuple subclass
    whose `__new__` wants arguments that pickling does not pass: the package's
    exploration ended with an internal error (status 3) at unpickling its report."""
    (tmp_path / "codecish.py").write_text(textwrap.dedent("""\
        import codecs


        def lookup(name: str):
            if name == "x":
                return codecs.CodecInfo(None, None, name="x")
            return None


        def after(n: int) -> int:
            return 1 if n > 3 else 0
        """))
    p = _smartest(tmp_path, "explore", "codecish.py", "--json", "r.json", "--emit-tests", "gen", "--time-limit", "20")
    assert p.returncode == 0, p.stdout + p.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    rows = {f["spec"].split(":")[1]: f for f in report["functions"]}
    assert rows["lookup"]["report"] and rows["after"]["report"], report
    names = {t["inputs"]["name"] for t in rows["lookup"]["report"]["tests"]}
    assert "x" in names
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "gen"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert run.returncode == 0, run.stdout
