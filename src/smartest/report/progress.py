"""Progress while exploring: a live line on a terminal (rich), plain lines otherwise."""
from __future__ import annotations

import sys
import time


def _line(stats) -> str:
    par = getattr(stats, "parallel", None)
    workers = ("" if not par else f"  ({par['why_not']})" if "why_not" in par
               else f"  workers busy {par['busy']}/{par['workers']}  subtrees waiting {par['waiting']}"
                    f"  frontier {par.get('frontier', par['waiting'])}")
    return (f"runs {stats.runs}  paths {stats.paths}  bugs {stats.bugs}  "
            f"branch sides {len(stats.branch_sides)}  queries {stats.solver.queries}{workers}")


class PlainProgress:
    """One line every `interval` seconds on stderr: readable in logs and CI."""

    def __init__(self, stream=None, interval: float = 2.0) -> None:
        self.stream = stream or sys.stderr
        self.interval = interval
        self._last = time.monotonic()

    def on_test(self, test, stats) -> None:
        now = time.monotonic()
        if now - self._last >= self.interval:
            self._last = now
            print(f"smartest: {_line(stats)}", file=self.stream, flush=True)

    def close(self) -> None:
        pass


class LiveProgress:
    """A live status line on a terminal, refreshed a few times a second."""

    def __init__(self, target: str) -> None:
        from rich.console import Console
        from rich.live import Live
        from rich.text import Text
        self._Text = Text
        self.console = Console(stderr=True)
        self.target = target
        self.live = Live(Text(f"exploring {target} ..."), console=self.console,
                         refresh_per_second=8, transient=True)
        self.live.start()
        self._t0 = time.monotonic()

    def on_test(self, test, stats) -> None:
        elapsed = time.monotonic() - self._t0
        self.live.update(self._Text(f"exploring {self.target}  {_line(stats)}  {elapsed:.1f}s"))

    def close(self) -> None:
        self.live.stop()


def make_progress(target: str, quiet: bool = False):
    if quiet:
        return None
    if sys.stderr.isatty():
        return LiveProgress(target)
    return PlainProgress()
