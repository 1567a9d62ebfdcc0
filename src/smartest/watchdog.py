"""The watchdog: the CLI's parent process holds the exploring child to its time
limits, whatever the target does to the child.

The child's own per-run timer (SIGALRM) cannot stop a loop in C (`sum(range(10**12))`),
a target that swallows the timeout or switches the timer off, or an endless loop
while its module is imported.  So the child reports its progress down a pipe, one
byte per event, and the parent, which runs none of the target's code, kills it when
a limit has passed:

    R  the target is imported      import: --time-limit
    s  a run starts                a run: --per-run-timeout + grace, then SIGKILL
    e  the run ended
    F  the exploration loop ended  the exploration: --time-limit + --per-run-timeout
                                   + grace, then SIGTERM (the child stops and reports),
                                   and SIGKILL if it does not
                                   replay and report: their own allowance, the same way
"""
from __future__ import annotations

import os
import select
import signal
import time

RUN_GRACE = 2.0      # seconds past --per-run-timeout before a run is called stuck
EXPLORE_GRACE = 5.0  # seconds past the exploration's limits before it is stopped
TERM_GRACE = 3.0     # seconds between SIGTERM and SIGKILL


class Heartbeat:
    """The child's side: a handler of the exploration that writes one byte per event."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def _beat(self, b: bytes) -> None:
        try:
            os.write(self.fd, b)
        except OSError:
            pass  # the parent is gone: the kernel ends this process soon (PDEATHSIG)

    def resolved(self) -> None:
        self._beat(b"R")

    def on_run_start(self, inputs) -> None:
        self._beat(b"s")

    def on_run_end(self) -> None:
        self._beat(b"e")

    def on_test(self, test, stats) -> None:
        pass

    def on_explored(self) -> None:
        self._beat(b"F")


class Watchdog:
    """The parent's side: wait for the child, and stop it when a limit has passed.
    `stopped` says why the watchdog stopped it (None if it did not)."""

    def __init__(self, pid: int, fd: int, time_limit: float, per_run_timeout: float) -> None:
        self.pid = pid
        self.fd = fd
        self.time_limit = time_limit
        self.per_run_timeout = per_run_timeout
        self.resolved = False
        self.in_run = False
        self.stopped: str | None = None
        self.stuck_run = False    # stopped in the middle of a run
        self._eof = False

    def wait(self) -> int:
        """The child's wait status, once it has ended."""
        now = time.monotonic()
        phase_deadline = now + self.time_limit + EXPLORE_GRACE   # importing the target
        run_deadline = None
        term_sent = None
        while True:
            if _ended(self.pid):
                # The child is a zombie, so its pid (and process group id) cannot be reused
                # yet: end what the target forked and left running, then reap.
                self._kill(signal.SIGKILL)
                return _reap(self.pid)
            now = time.monotonic()
            if term_sent is not None:
                if now - term_sent >= TERM_GRACE:
                    self._kill(signal.SIGKILL)
                    term_sent = float("inf")
            elif run_deadline is not None and now >= run_deadline:
                self.stopped = (f"a run did not end within --per-run-timeout ({self.per_run_timeout:g} s); "
                                f"the target blocked its timer")
                self.stuck_run = True
                self._kill(signal.SIGKILL)
                term_sent = float("inf")
            elif now >= phase_deadline:
                if not self.resolved:
                    self.stopped = f"importing the target did not finish within --time-limit ({self.time_limit:.3g} s)"
                    self._kill(signal.SIGKILL)
                    term_sent = float("inf")
                else:
                    self.stopped = f"the exploration went past --time-limit ({self.time_limit:.3g} s)"
                    self.stuck_run = self.in_run
                    self._kill(signal.SIGTERM)
                    term_sent = now
            wake = [phase_deadline, now + 0.25]
            if run_deadline is not None:
                wake.append(run_deadline)
            if term_sent is not None and term_sent != float("inf"):
                wake.append(term_sent + TERM_GRACE)
            timeout = max(0.0, min(wake) - now)
            if self._eof:
                time.sleep(min(timeout, 0.05))
                continue
            try:
                readable, _, _ = select.select([self.fd], [], [], timeout)
            except InterruptedError:
                continue
            if not readable:
                continue
            data = os.read(self.fd, 65536)
            if not data:
                self._eof = True
                continue
            now = time.monotonic()
            for b in data:
                if b == ord("R"):
                    self.resolved = True
                    phase_deadline = now + self.time_limit + self.per_run_timeout + EXPLORE_GRACE
                elif b == ord("s"):
                    self.in_run = True
                    run_deadline = now + self.per_run_timeout + RUN_GRACE
                elif b == ord("e") or b == ord("F"):
                    self.in_run = False
                    run_deadline = None
                    if b == ord("F"):
                        phase_deadline = now + max(10.0, self.time_limit) + self.per_run_timeout + EXPLORE_GRACE

    def _kill(self, signum: int) -> None:
        """Signal the child's process group: the child and whatever the target forked."""
        try:
            os.killpg(self.pid, signum)
        except OSError:
            try:
                os.kill(self.pid, signum)
            except OSError:
                pass



def _ended(pid: int) -> bool:
    """Has the child ended (without reaping it)?"""
    try:
        return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def _reap(pid: int) -> int:
    while True:
        try:
            return os.waitpid(pid, 0)[1]
        except InterruptedError:
            continue
        except ChildProcessError:
            return 0
