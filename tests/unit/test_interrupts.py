"""A Ctrl-C stops an exploration with its report wherever it lands in smartest's code.

The CLI's handler raises KeyboardInterrupt in whatever Python code is running. When
that is the argument conversion of a ctypes call (z3's bindings are ctypes), ctypes
turns it into `ArgumentError: argument 2: KeyboardInterrupt`; CI once saw the run end
as an "internal error" with exit 3 and no report because of it."""
import ctypes
import os
import signal

import pytest

from smartest import explore
from smartest.engine import isolation
from smartest.solver.z3backend import Z3Backend

TARGET = os.path.join(os.path.dirname(__file__), "targets", "interrupt_targets.py") + ":branches"


class _SigintOnConversion:
    """A ctypes argument type whose conversion is interrupted, as z3's can be."""
    @classmethod
    def from_param(cls, value):
        os.kill(os.getpid(), signal.SIGINT)   # the handler runs here, inside ctypes
        return ctypes.c_int(value)


def _interrupted_c_call():
    labs = ctypes.CDLL(None).labs
    labs.argtypes = [ctypes.c_long, _SigintOnConversion]
    labs(1, 2)


def test_a_ctrl_c_inside_a_ctypes_call_surfaces_as_another_exception():
    previous = signal.signal(signal.SIGINT, isolation.user_interrupt)
    try:
        with pytest.raises(ctypes.ArgumentError, match="KeyboardInterrupt"):
            _interrupted_c_call()
        assert isolation.take_user_interrupt()
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize("strategy", ["dart", "duet", "portfolio", "interleaved"])
def test_an_interrupt_inside_the_solver_ends_the_exploration_with_its_report(monkeypatch, strategy):
    real = Z3Backend.check
    calls = []

    def check(self, query):
        calls.append(query)
        if len(calls) == 2:
            _interrupted_c_call()
        return real(self, query)

    monkeypatch.setattr(Z3Backend, "check", check)
    previous = signal.signal(signal.SIGINT, isolation.user_interrupt)
    try:
        report = explore(TARGET, strategy=strategy, max_runs=50, coverage=False)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert report.stop_reason == "interrupted"
    assert not report.complete
    assert report.runs >= 1 and report.tests
    assert len(calls) == 2   # it stopped at the interrupt, it did not go on
