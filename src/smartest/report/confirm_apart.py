"""Running a killed exploration's tests again plainly, in a process of their own.

Every finished exploration runs each test's input again plainly before reporting it
(the coverage replay, report/confirm.py): a proxy or a model can raise where the
program does not, and a bug or a `pytest.raises` test must show what the user will
see.  An exploration the watchdog or a signal stopped leaves only its run directory,
read by the supervising process, which has not imported the target (and should not:
the target's code may hang it or write files).  So the supervisor forks a child that
imports the target under the sandbox, runs the inputs plainly, and hands back the
tests through a pipe, a bug that does not come back taken out of the bugs and a test
whose plain run differs carrying the plain run's outcome; a child that outlives its
deadline is killed and the tests stay as they were seen, said to be unconfirmed.
"""
from __future__ import annotations

import os
import pickle
import select
import signal
import time
from typing import Callable

import dataclasses

from smartest.engine.execute import execute
from smartest.engine.literals import Source
from smartest.engine.sandbox import Sandbox
from smartest.engine.target import Target
from smartest.engine.testcase import TestCase
from smartest.report.confirm import confirm_bugs, same_outcome

SLACK_S = 10.0    # the child's import of the target, on top of a per-run timeout per bug


def confirm_apart(resolve: Callable[[], Target], tests: list[TestCase], options
                  ) -> tuple[list[TestCase], list[dict] | None, int]:
    """(tests, unreproduced bugs as `confirm_bugs` lists them, how many other tests
    took their plain run's outcome), computed in a child; `unreproduced` is None when
    the child could not answer (then `tests` are as given)."""
    todo = [t for t in tests if t.outcome in ("raised", "returned")]
    if not todo:
        return tests, [], 0
    readable, writable = os.pipe()
    pid = os.fork()
    if pid == 0:   # the child: never returns
        os.close(readable)
        code = 1
        try:
            os.setpgid(0, 0)
            target = resolve()
            sandbox = Sandbox(options.allow) if options.sandbox else None
            runnable, kept = _read_back(tests)
            confirmed, unreproduced = confirm_bugs(target, runnable, timeout=options.per_run_timeout,
                                                   strict=options.strict, sandbox=sandbox)
            plain, changed = _plain(target, confirmed, options, sandbox)
            inputs = {t.index: t.inputs for t in tests}
            plain = sorted([dataclasses.replace(t, inputs=inputs[t.index]) for t in plain] + kept,
                           key=lambda t: t.index)
            data = pickle.dumps((plain, unreproduced, changed))
            if sandbox is not None:
                sandbox.close()     # its scratch directory: os._exit runs no cleanup
            with os.fdopen(writable, "wb") as f:
                f.write(data)
            code = 0
        finally:
            os._exit(code)
    os.close(writable)
    data = _read_until(readable, time.monotonic() + SLACK_S + options.per_run_timeout * len(todo))
    os.close(readable)
    for kill in (os.killpg, os.kill):   # its group (anything it started), then itself
        try:
            kill(pid, signal.SIGKILL)
        except OSError:
            pass
    os.waitpid(pid, 0)
    try:
        return pickle.loads(data)
    except Exception:
        return tests, None, 0


def _read_back(tests: list[TestCase]) -> tuple[list[TestCase], list[TestCase]]:
    """(the tests with their inputs as values, the tests whose inputs cannot be read
    back).  A run directory keeps a value JSON cannot hold (bytes, a tuple) as source
    text (a `Source`): run as it is, the function got that object, not the value, and
    its outcome replaced the one seen (idna's `decode(b'a^SF]M')`: a TypeError caught
    and re-raised as "Invalid ASCII", and an emitted regression test that fails)."""
    runnable, kept = [], []
    for t in tests:
        try:
            values = {k: v.value() if type(v) is Source else v for k, v in t.inputs.items()}
        except Exception:  # noqa: BLE001 - a text that does not read back: keep what was seen
            kept.append(t)
            continue
        runnable.append(dataclasses.replace(t, inputs=values))
    return runnable, kept


def _plain(target: Target, tests: list[TestCase], options, sandbox) -> tuple[list[TestCase], int]:
    """The tests, each one that is not a bug with its plain run's outcome where that
    differs from the exploration's (a regression test must pass on the function)."""
    from smartest.report.coverage import values_equal
    out, changed = [], 0
    for t in tests:
        if t.bug or t.outcome not in ("raised", "returned"):
            out.append(t)
            continue
        r = execute(target, t.inputs, timeout=options.per_run_timeout, max_depth=0, strict=options.strict,
                    symbolic=False, sandbox=sandbox)
        if same_outcome(r, t, values_equal):
            if t.raised is not None and r.raised is not None and r.raised.message != t.raised.message:
                # The proxy's words ("'SymInt' object is not iterable"): a `match=` the
                # plain function fails, as the coverage replay knows for a finished run.
                t = dataclasses.replace(t, raised=dataclasses.replace(t.raised, message=r.raised.message))
            out.append(t)
            continue
        changed += 1
        out.append(dataclasses.replace(t, outcome=r.outcome.value, returned=r.returned, raised=r.raised,
                                       bug=r.bug))
    return out, changed


def _read_until(fd: int, deadline: float) -> bytes:
    """What the child writes on `fd` until it closes it, or b"" past the deadline."""
    chunks = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return b""
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            return b""
        chunk = os.read(fd, 65536)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
