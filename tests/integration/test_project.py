"""Module and package targets: every public function explored, what cannot be
explored is one table line, one pytest file per module whose tests pass (regression)
or fail with the exception they announce (bugs), checked by re-running the inputs."""
from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import textwrap

import pytest

from smartest.cli import main
from smartest.project.discover import discover

PACKAGE = {
    "__init__.py": "",
    "numbers.py": '''
        def sign(x: int) -> int:
            if x > 0:
                return 1
            if x < 0:
                return -1
            return 0


        def divide(a: int, b: int) -> int:
            return a // b


        def total(*args):
            return sum(args)


        class Counter:
            def __init__(self):
                self.n = 0

            def bump(self, k: int) -> int:
                if k > 10:
                    raise ValueError("too big")
                self.n += k
                return self.n

            @staticmethod
            def double(v: int) -> int:
                return v * 2


        def _private(x: int) -> int:
            return x


        class Account:
            def __init__(self, balance: int):
                self.balance = balance

            def withdraw(self, amount: int) -> int:
                if amount > self.balance:
                    raise ValueError("insufficient")
                self.balance -= amount
                return self.balance
        ''',
    "words.py": '''
        from typing import TYPE_CHECKING
        if TYPE_CHECKING:
            from collections.abc import Sequence
            Word = str


        def shout(w: "Word", times=2) -> str:
            if times > 3:
                return w.upper()
            return w


        def first(items: "Sequence[int]") -> int:
            return items[0]


        def takes_object(x: "Missing") -> int:
            return 1
        ''',
    "broken.py": 'raise RuntimeError("cannot import me")\n',
    "bad_syntax.py": "def f(x: int) -> int\n    return x\n",
}


@pytest.fixture
def package(tmp_path):
    root = tmp_path / "proj"
    (root / "projpkg").mkdir(parents=True)
    for name, text in PACKAGE.items():
        (root / "projpkg" / name).write_text(textwrap.dedent(text))
    yield root
    for key in [k for k in sys.modules if k == "projpkg" or k.startswith("projpkg.")]:
        del sys.modules[key]


def test_a_package_is_explored_function_by_function(package, capsys, monkeypatch):
    monkeypatch.chdir(package)
    code = main(["explore", "projpkg/", "--time-limit", "40", "--quiet", "--no-run-dir",
                 "--emit-tests", "generated", "--json", "report.json", "--html", "html"])
    out = capsys.readouterr().out
    assert code == 1   # divide and first have bugs
    lines = {ln.split()[0]: ln for ln in out.splitlines() if ln.startswith("projpkg")}
    # Bad input: one line each, with the reason, and the rest explored.
    assert "syntax error" in lines["projpkg.bad_syntax"]
    assert "RuntimeError: cannot import me" in lines["projpkg.broken"]
    assert "*args" in lines["projpkg.numbers:total"]
    for name in ("numbers:sign", "numbers:divide", "numbers:Counter.bump", "numbers:Counter.double",
                 "numbers:Account.withdraw",
                 "words:shout", "words:first", "words:takes_object"):
        assert "not explored" not in lines[f"projpkg.{name}"], lines[f"projpkg.{name}"]
    assert "projpkg.numbers:_private" not in lines
    report = json.loads((package / "report.json").read_text())
    sections = {f["function"]: f for f in report["functions"]}
    assert sections["projpkg.numbers:sign"]["report"]["complete"]
    # The unevaluable annotation fell back on --default-type, with a note.
    notes = sections["projpkg.words:takes_object"]["report"]["extra"]["annotation_notes"]
    assert "Missing" in notes[0] and "--default-type" in notes[0]
    # Every bug reported raises its exception when its input is re-run on the plain function.
    sys.path.insert(0, str(package))
    try:
        found = 0
        for f in report["functions"]:
            for bug in f.get("report", {}).get("bugs", []):
                module, _, qualname = f["function"].partition(":")
                fn = getattr(importlib.import_module(module), qualname)
                with pytest.raises(Exception) as info:
                    fn(**bug["inputs"])
                assert type(info.value).__name__ == bug["raised"]["type"]
                found += 1
        assert found >= 2
    finally:
        sys.path.remove(str(package))
    # One pytest file per module; regression tests pass, bug tests fail with their exception.
    assert sorted(os.listdir(package / "generated")) == ["test_projpkg_numbers.py", "test_projpkg_words.py"]
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "generated",
                           "-rf"], cwd=package, capture_output=True, text=True, timeout=120)
    failed = [ln for ln in proc.stdout.splitlines() if ln.startswith("FAILED")]
    assert failed and all("_bug_" in ln for ln in failed), proc.stdout
    assert any("ZeroDivisionError" in ln for ln in failed) and any("IndexError" in ln for ln in failed)
    assert " passed" in proc.stdout
    # The HTML report: coverage.py's annotated source, and the bug's traceback from a re-run.
    assert (package / "html" / "coverage" / "index.html").is_file()
    page = (package / "html" / "fn_projpkg_numbers_divide.html").read_text()
    assert "ZeroDivisionError" in page and "return a // b" in page


def test_a_module_that_fails_to_import_alone_exits_2(package, capsys, monkeypatch):
    monkeypatch.chdir(package)
    code = main(["explore", "projpkg/broken.py", "--quiet", "--no-run-dir"])
    assert code == 2
    assert "cannot import me" in capsys.readouterr().out


def test_annotations_resolve_through_type_checking_and_defaults(package, monkeypatch):
    from smartest.engine.target import resolve
    monkeypatch.chdir(package)
    target = resolve("projpkg/words.py:shout")
    assert target.params[0].kind.accepts("abc") and not target.params[0].kind.accepts(3)
    assert target.params[1].kind.accepts(3) and not target.params[1].kind.accepts("3")
    assert any("TYPE_CHECKING" in n for n in target.notes)


def test_a_package_outside_the_working_directory_is_own_code(tmp_path, monkeypatch):
    """Installed packages: the package's files are the target's own code (a raise of
    its own is not a bug), and coverage counts its files, never smartest's."""
    site = tmp_path / "site"
    (site / "instpkg").mkdir(parents=True)
    (site / "instpkg" / "__init__.py").write_text(textwrap.dedent('''
        def parse(text: str) -> int:
            if len(text) > 3:
                raise ValueError(f"{text!r} is too long")
            return len(text)
        '''))
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.syspath_prepend(str(site))
    from smartest.api import explore
    try:
        report = explore("instpkg:parse", max_runs=30, time_limit=20, run_dir=None)
    finally:
        sys.modules.pop("instpkg", None)
    assert any(t.outcome == "raised" for t in report.tests)
    assert not report.bugs
    files = {f["file"] for f in report.coverage["functions"]}
    assert files and all("instpkg" in f for f in files)
    assert report.coverage["branches_total"] > 0


SLUG = """
RESERVED = ("admin", "login")


def slugify(title: str) -> str:
    out = []
    dash = False
    for ch in title.lower():
        if ch.isalnum():
            out.append(ch)
            dash = False
        elif not dash and out:
            out.append("-")
            dash = True
    slug = "".join(out).strip("-")
    if slug in RESERVED:
        raise PermissionError("reserved")
    return slug or "untitled"
"""


def test_the_minimal_suite_covers_what_every_path_covers(tmp_path):
    """Replayed here under coverage.py, on the plain function: the minimal suite's
    arcs are exactly those of one test per path, with far fewer tests."""
    import coverage

    from smartest.api import explore
    from smartest.engine.target import resolve

    path = tmp_path / "slugmod.py"
    path.write_text(SLUG)
    report = explore(f"{path}:slugify", max_runs=60, time_limit=30, run_dir=None, max_str_len=5)
    every = [t for t in report.tests if not t.bug and t.outcome in ("returned", "raised")]
    kept = [t for t in report.suite() if not t.bug]
    fn = resolve(f"{path}:slugify").function

    def arcs(tests):
        cov = coverage.Coverage(branch=True, data_file=None, include=[str(path)])
        cov.start()
        try:
            for t in tests:
                try:
                    fn(**t.inputs)
                except PermissionError:
                    pass
        finally:
            cov.stop()
        return set(cov.get_data().arcs(str(path)) or ())

    assert len(every) > 20
    assert len(kept) <= 2 * 8 and len(kept) < len(every) / 4
    assert arcs(kept) == arcs(every)


def test_two_workers_explore_the_same_functions_and_find_the_same_bugs(package, capsys, monkeypatch):
    """Functions spread over worker processes (issue 16): the same table rows, the
    same bugs, each re-raised by its input on the plain function."""
    monkeypatch.chdir(package)

    def run(workers):
        code = main(["explore", "projpkg/", "--time-limit", "40", "--quiet", "--no-run-dir", "--workers", workers,
                     "--json", f"report{workers}.json"])
        capsys.readouterr()
        report = json.loads((package / f"report{workers}.json").read_text())
        bugs = {(f["function"], b["raised"]["type"]) for f in report["functions"]
                for b in f.get("report", {}).get("bugs", [])}
        return code, {f["function"]: f["explored"] for f in report["functions"]}, bugs

    one, two = run("1"), run("2")
    assert one[0] == two[0] == 1 and one[1] == two[1]
    assert one[2] == two[2] and len(two[2]) >= 2


def test_a_packages_own_test_files_are_not_explored(tmp_path, monkeypatch):
    pkg = tmp_path / "withtests"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "core.py").write_text("def api(x: int) -> int:\n    return x\n")
    for name in ("tests.py", "test.py", "test_core.py", "core_test.py", "core_tests.py", "conftest.py"):
        (pkg / name).write_text("class TestCore:\n    def tearDown(self):\n        del self.f\n")
    monkeypatch.chdir(tmp_path)
    try:
        units = discover("withtests")
    finally:
        for key in [k for k in sys.modules if k == "withtests" or k.startswith("withtests.")]:
            del sys.modules[key]
    assert [u.name for u in units] == ["withtests.core:api"]
