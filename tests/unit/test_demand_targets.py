"""Static control flow for the demand-driven strategy: the two sides of a branch site
go where CPython goes, and reachability of an assertion or of a call is what the
source says."""
from __future__ import annotations

import dis
import os

import pytest

from smartest.errors import InvalidArgument
from smartest.search.targets import Aim, Flow, Static
from support.oracle import load


SAMPLE = os.path.join(os.path.dirname(__file__), "targets", "flow_sample.py")
sample = load(SAMPLE)
helper, shape = sample.helper, sample.shape
NAME = sample.__name__


def jump_site(fn, nth: int = 0) -> int:
    """Offset of the nth conditional jump of fn."""
    jumps = [i.offset for i in dis.get_instructions(fn) if "IF_FALSE" in i.opname or "IF_TRUE" in i.opname]
    return jumps[nth]


class _Node:
    """What Static reads of a tree node: its site and its tree's function."""

    def __init__(self, fn, offset: int, qualname: str) -> None:
        from smartest.strategies.demand.trees import FunctionKey
        from smartest.trace.site import Site
        self.site = Site(fn.__code__, offset)
        self.tree = type("T", (), {"key": FunctionKey(qualname, ())})()


def _static(aim=None) -> Static:
    functions = [(f"{NAME}.helper", helper), (f"{NAME}.shape", shape)]
    callees = {f"{NAME}.shape": {f"{NAME}.helper"}, f"{NAME}.helper": set()}
    return Static(functions, callees, f"{NAME}.shape", aim)


def test_sides_of_an_if_go_to_its_two_blocks():
    flow = Flow(shape.__code__)
    site = jump_site(shape)               # if x > 0
    true_side = flow.distances(flow.starts(site, True))
    false_side = flow.distances(flow.starts(site, False))
    names = lambda seen: {flow.ins[k].argval for k in seen if flow.ins[k].opname == "LOAD_GLOBAL"}  # noqa: E731
    assert "helper" in names(false_side) and "helper" not in names(true_side)
    assert any(flow.ins[k].opname == "LOAD_ASSERTION_ERROR" for k in true_side)
    assert not any(flow.ins[k].opname == "LOAD_ASSERTION_ERROR" for k in false_side)


def test_distance_to_the_assertion_and_call_reachability():
    static = _static(Aim("assert", SAMPLE))
    q = f"{NAME}.shape"
    node = _Node(shape, jump_site(shape), q)
    assert static.distance(node, True) is not None and static.distance(node, False) is None
    from smartest.strategies.demand.trees import FunctionKey
    helper_key = FunctionKey(f"{NAME}.helper", ())
    assert static.may_call(node, False, helper_key) and not static.may_call(node, True, helper_key)
    assert static.may_reach(FunctionKey(None, ()), helper_key)


def test_a_line_target():
    line = shape.__code__.co_firstlineno + 2   # the assert
    static = _static(Aim(f"{SAMPLE}:{line}", None))
    node = _Node(shape, jump_site(shape), f"{NAME}.shape")
    assert static.distance(node, True) is not None and static.distance(node, False) is None
    assert Aim(str(line), SAMPLE).file == os.path.realpath(SAMPLE)


@pytest.mark.parametrize("spec", ["", "x", "file.py:", "file.py:x", "/no/such.py:3"])
def test_bad_specs(spec):
    with pytest.raises(InvalidArgument):
        Aim(spec or ":", None)
