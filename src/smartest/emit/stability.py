"""Regression oracles that hold in any process: what a test would assert, checked in
fresh interpreters under other hash seeds before it is written.

A regression test asserts what its run did: the value returned, or the exception and
its message.  smartest explores under PYTHONHASHSEED=0 (cli._fix_hash_seed) in one
process; the user's pytest runs in another, under another seed.  A value made from
something smartest does not make -- `hash()` of a str or bytes, the iteration order
of a set of strings, `id()`, an address in a default repr, unseeded `random`, the
clock, the process id -- then differs there, and the test fails or passes by chance
(colour's `hash_or_str` asserted `hash(("int", 5))`).  Guessing from a value's text
cannot tell `1234567` made by `hash` from one made by arithmetic, and the in-process
replay agrees with the exploration whenever the hash seed is the cause.  So every
input whose outcome a test would assert is run again, plainly and under the
sandbox, in one fresh interpreter per seed of `SEEDS` (each its own hash seed and
its own address space), twice in each (the second after the heap has moved).  What
differs from the recorded outcome in any of these runs is not asserted
(`Unstable.level` says how much is kept); a miss needs every run to agree by chance.

The children run concurrently, one per seed, each importing smartest and the
target once for every function of the file (a package run checks all its files
in the same children): the cost is len(SEEDS) interpreter starts per emission plus
2 x len(SEEDS) plain runs per test.  A child that fails or outlives its deadline
checks nothing; the tests are then written as before.
"""
from __future__ import annotations

import ast
import dataclasses
import math
import os
import pickle
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from smartest.engine.literals import importable, literal
from smartest.engine.testcase import TestCase

SEEDS = (1, 2, 3)      # PYTHONHASHSEED of the children; the exploration's is 0
SLACK_S = 20.0         # a child's start and its imports, on top of the runs' own timeouts

# How much of a test still holds, weakest last: its exception's message differs
# ("message": pytest.raises without match=), its value ("value": only the type is
# asserted), its type ("type": the call alone), or what it did ("outcome": skipped).
LEVELS = ("message", "value", "type", "outcome")


@dataclass(frozen=True)
class Unstable:
    """What of a test's outcome differed in another process, and what that run did."""

    level: str
    seen: str          # e.g. "returned 8416155270957853537", "raised KeyError"
    seed: int          # the PYTHONHASHSEED of the run that saw it

    def why(self) -> str:
        what = {"message": "the exception's message", "value": "the value returned",
                "type": "the type returned", "outcome": "what the call does"}[self.level]
        return (f"{what} differs between processes (under PYTHONHASHSEED={self.seed} it {self.seen}); it "
                f"depends on what smartest does not make: hash() of a str, set order, id(), an address, "
                f"unseeded random, the clock or the process id")


@dataclass(frozen=True)
class Settings:
    """How the children run the target: as the exploration did."""

    sandbox: bool = True
    allow: tuple = ()
    timeout: float = 5.0
    strict: bool = False

    @staticmethod
    def of(options: Any) -> "Settings":
        """From an `Options` or a run directory's recorded options (a dict)."""
        get = options.get if isinstance(options, Mapping) else (lambda k, d: getattr(options, k, d))
        return Settings(bool(get("sandbox", True)), tuple(get("allow", ()) or ()),
                        float(get("per_run_timeout", 5.0) or 5.0), bool(get("strict", False)))


def checked(test: TestCase) -> bool:
    """Whether a test asserts an outcome this module checks (a regression test)."""
    return not test.bug and test.outcome in ("returned", "raised")


def unstable_outcomes(units: Sequence[tuple[Any, Sequence[TestCase]]], settings: Settings
                      ) -> list[dict[int, Unstable]]:
    """For each (EmitTarget, tests), {test index: Unstable} of its regression tests
    whose outcome some run in another process did not repeat."""
    job_units, n = [], 0
    for target, tests in units:
        rows = [row for row in (_row(t) for t in tests if checked(t)) if row is not None]
        n += len(rows)
        job_units.append((target.import_root, target.module_name, target.qualname, rows))
    found: list[dict[int, Unstable]] = [{} for _ in units]
    if not n:
        return found
    job = {"units": job_units, "settings": dataclasses.asdict(settings), "sys_path": list(sys.path)}
    deadline = time.monotonic() + SLACK_S + 2 * settings.timeout * n
    for seed, answer in zip(SEEDS, _run_children(job, deadline)):
        for u, by_index in enumerate(answer or ()):
            for index, (level, seen) in by_index.items():
                old = found[u].get(index)
                if old is None or LEVELS.index(level) > LEVELS.index(old.level):
                    found[u][index] = Unstable(level, seen, seed)
    return found


def _row(t: TestCase) -> tuple | None:
    """What a child needs of a test, pickled apart so that one value that does not
    pickle leaves only its own test unchecked."""
    expected = t.returned if t.outcome == "returned" else None
    try:
        inputs = pickle.dumps(dict(t.inputs))
        value = pickle.dumps(expected)
        pickle.loads(value)
    except Exception:
        return None
    raised = (t.raised.type, t.raised.message) if t.raised is not None else None
    return t.index, inputs, t.outcome, value, type(expected).__name__ if _asserted(expected) else None, raised


def _asserted(value: Any) -> bool:
    """Whether a test asserts this returned value (and so its type): it has a literal.
    A value with none (an object with no constructor form, or one a package run's
    child could not hand back: `driver.ReprOnly`) is not compared, so only whether the
    call returns is checked."""
    def ref(cls: type) -> ast.expr | None:
        return ast.Name("C", ast.Load()) if importable(cls) is not None else None
    try:
        return value is None or literal(value, ref, returned=True) is not None
    except Exception:
        return False


def _run_children(job: dict, deadline: float) -> list[list | None]:
    """One child per seed, side by side; each one's answer, or None."""
    package_parent = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # smartest's
    with tempfile.TemporaryDirectory(prefix="smartest-stability-") as tmp:
        job_path = os.path.join(tmp, "job.pickle")
        with open(job_path, "wb") as f:
            pickle.dump(job, f)
        children = []
        for seed in SEEDS:
            out = os.path.join(tmp, f"{seed}.pickle")
            # TMPDIR inside `tmp`: a child killed at its deadline leaves its sandbox's
            # scratch directory there, removed below, not in the user's temporary directory.
            env = {**os.environ, "PYTHONHASHSEED": str(seed), "TMPDIR": tmp,
                   "PYTHONPATH": os.pathsep.join([package_parent, *filter(None, [os.environ.get("PYTHONPATH")])])}
            code = "from smartest.emit.stability import child_main; child_main()"
            children.append((out, subprocess.Popen([sys.executable, "-c", code, job_path, out], env=env,
                                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                                   stderr=subprocess.DEVNULL, start_new_session=True)))
        answers = []
        for out, proc in children:
            try:
                proc.wait(timeout=max(deadline - time.monotonic(), 0.1))
            except subprocess.TimeoutExpired:
                _kill(proc)
            answers.append(_read(out) if proc.returncode == 0 else None)
        return answers


def _kill(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, 9)
    except OSError:
        pass
    proc.wait()


def _read(path: str) -> list | None:
    try:
        with open(path, "rb") as f:
            return pickle.load(f)
    except Exception:
        return None


# ---- in the child -------------------------------------------------------------------

def child_main() -> None:
    """The child: run each test's input twice, plainly, under the sandbox; write
    {index: (level, seen)} per unit to the answer file."""
    job_path, out_path = sys.argv[1], sys.argv[2]
    with open(job_path, "rb") as f:
        job = pickle.load(f)
    sys.path[:] = [p for p in job["sys_path"] if p]
    from smartest.engine.execute import confined
    from smartest.engine.sandbox import Sandbox
    from smartest.engine.target import resolve
    s = Settings(**job["settings"])
    sandbox = Sandbox(s.allow) if s.sandbox else None
    answer = []
    for root, module_name, qualname, rows in job["units"]:
        if root not in sys.path:
            sys.path.insert(0, root)
        try:
            target = confined(lambda: resolve(f"{module_name}:{qualname}"), sandbox)
        except BaseException:
            answer.append({})
            continue
        answer.append(_check_unit(target, rows, s, sandbox))
    if sandbox is not None:
        sandbox.close()
    with open(out_path, "wb") as f:
        pickle.dump(answer, f)


def _check_unit(target, rows: list, s: Settings, sandbox) -> dict:
    from smartest.engine.execute import execute
    from smartest.engine.literals import Source
    found = {}
    keep = []   # garbage held between the two runs, so that the second allocates elsewhere
    for index, inputs, outcome, value, type_name, raised in rows:
        try:
            inputs = {k: v.value() if type(v) is Source else v for k, v in pickle.loads(inputs).items()}
            expected = pickle.loads(value)
        except Exception:
            continue
        worst = None
        for _ in range(2):
            r = execute(target, inputs, timeout=s.timeout, max_depth=0, strict=s.strict, symbolic=False,
                        sandbox=sandbox)
            seen = _differs(r, outcome, expected, type_name, raised)
            if seen is not None and (worst is None or LEVELS.index(seen[0]) > LEVELS.index(worst[0])):
                worst = seen
            keep.append([object() for _ in range(97)] + [bytearray(i * 37) for i in range(13)])
        if worst is not None:
            found[index] = worst
    return found


def _differs(r, outcome: str, expected: Any, type_name: str, raised: tuple | None) -> tuple[str, str] | None:
    """(level, what the run did) where the run `r` does not repeat the recorded
    outcome as a test asserts it, else None."""
    did = (f"raised {r.raised.type}" if r.raised is not None else r.outcome.value)
    if r.outcome.value != outcome or r.bug:
        return "outcome", did if r.outcome.value != "returned" else f"returned {_short(r.returned)}"
    if outcome == "raised":
        want_type, message = raised
        if r.raised.type != want_type:
            return "outcome", did
        if 0 < len(message) <= 200 and not re.search(re.escape(message), r.raised.message):
            return "message", f"raised {r.raised.type}: {_short(r.raised.message)}"
        return None
    if type_name is None:
        return None
    if type(r.returned).__name__ != type_name:
        return "type", f"returned {_short(r.returned)}"
    if not same(r.returned, expected):
        return "value", f"returned {_short(r.returned)}"
    return None


def same(a: Any, b: Any) -> bool:
    """The comparison an emitted test makes: equality, counting NaN equal to NaN and
    -0.0 unequal to 0.0 (the writer's `_same`); the target's own __eq__ may raise."""
    try:
        if type(a) is not type(b):
            return bool(a == b)
        if type(a) is float:
            return (a != a and b != b) or (a == b and math.copysign(1.0, a) == math.copysign(1.0, b))
        if type(a) in (list, tuple):
            return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        if type(a) is dict:
            return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
        return bool(a == b)
    except Exception:
        return False


def _short(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:
        return f"a {type(value).__name__}"
    return text if len(text) <= 80 else text[:80] + "..."
