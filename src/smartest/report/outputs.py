"""Where outputs may go, checked before the exploration starts: a report that
cannot be written, or that would overwrite the code under test, is a one-line
usage error at once rather than an internal error after the whole exploration.
"""
from __future__ import annotations

import keyword
import os
import sys
import tempfile

from smartest.errors import SmartestError


def importable_name(module_name: str) -> bool:
    """Can `from module_name import f` be written?  (`my-mod`, `class` cannot.)"""
    return bool(module_name) and all(p.isidentifier() and not keyword.iskeyword(p) for p in module_name.split("."))


def _nearest_existing(path: str) -> str:
    d = os.path.dirname(path)
    while d and not os.path.exists(d):
        parent = os.path.dirname(d)
        if parent == d:
            break
        d = parent
    return d or "."


def check_writable_file(path: str, option: str, protected: frozenset[str] = frozenset()) -> None:
    """`path` can be created or overwritten as a file, and is none of `protected`."""
    full = os.path.abspath(path)
    if os.path.isdir(full):
        raise SmartestError(f"{option} {path}: is a directory, not a file")
    if os.path.realpath(full) in protected:
        raise SmartestError(f"{option} {path}: that is the source of the code under test; choose another file")
    if os.path.exists(full):
        try:
            with open(full, "a", encoding="utf-8"):   # appends nothing, truncates nothing
                pass
        except OSError as e:
            raise SmartestError(f"{option} {path}: not writable ({e.strerror})") from None
        return
    _probe_dir(os.path.dirname(full), option, path)


def _probe_dir(directory: str, option: str, path: str) -> None:
    """Create `directory` if needed and create (then remove) a file in it: the one
    test of writability that also holds for root and for odd file systems."""
    parent = _nearest_existing(os.path.join(directory, "x"))
    if not os.path.isdir(parent):
        raise SmartestError(f"{option} {path}: {parent} is not a directory")
    try:
        os.makedirs(directory, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=directory, prefix=".smartest-probe-")
        os.close(fd)
        os.remove(probe)
    except OSError as e:
        raise SmartestError(f"{option} {path}: cannot write in {directory} ({e.strerror})") from None


def check_writable_dir(path: str, option: str) -> None:
    """`path` is, or can be created as, a directory smartest can write in."""
    full = os.path.abspath(path)
    if os.path.exists(full) and not os.path.isdir(full):
        raise SmartestError(f"{option} {path}: exists and is not a directory")
    _probe_dir(full, option, path)


def own_sources(target) -> frozenset[str]:
    """The source files of the target's own code loaded now (its file, its package's
    modules): no output may overwrite them."""
    files = {target.file} if target.file else set()
    for module in list(sys.modules.values()):
        f = getattr(module, "__file__", None)
        if isinstance(f, str) and f.endswith(".py") and target.is_own_file(f):
            files.add(f)
    return frozenset(os.path.realpath(f) for f in files)


def check_outputs(target, *, emit_path: str | None, json_path: str | None, run_dir: str | None) -> None:
    """Every output of `smartest explore`, checked before anything runs."""
    if emit_path and not importable_name(target.module_name):
        raise SmartestError(f"--emit-tests: the target's module name {target.module_name!r} cannot be "
                            f"imported by a test (rename the file to a Python identifier)")
    _check_paths(own_sources(target), emit_path, json_path, run_dir)


def check_outputs_early(spec: str | None, *, emit_path: str | None, json_path: str | None,
                        run_dir: str | None) -> None:
    """What can be checked before the target's module is imported (the CLI imports it
    in a child, under the sandbox): the paths themselves, and the target's own file
    when the spec names one.  `check_outputs` checks the rest once it is imported."""
    file = spec.rpartition(":")[0] if spec and ":" in spec else None
    protected = frozenset({os.path.realpath(file)}) if file and file.endswith(".py") else frozenset()
    _check_paths(protected, emit_path, json_path, run_dir)


def _check_paths(protected: frozenset[str], emit_path: str | None, json_path: str | None,
                 run_dir: str | None) -> None:
    if emit_path:
        check_writable_file(emit_path, "--emit-tests", protected)
    if json_path:
        check_writable_file(json_path, "--json", protected)
    if emit_path and json_path and os.path.realpath(emit_path) == os.path.realpath(json_path):
        raise SmartestError("--emit-tests and --json name the same file")
    if run_dir:
        check_writable_dir(run_dir, "--run-dir")
