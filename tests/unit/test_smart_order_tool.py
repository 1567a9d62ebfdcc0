"""The skeletons of benchmarks/smart_order.py: what the lazy bound of issue 12 item 5
counts as a run adding nothing (notes/s7-smart2.md)."""
from __future__ import annotations

import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

PROGRAM = '''
def sign(v):
    if v > 0:
        return 1
    if v < 0:
        return -1
    raise ValueError("zero")


def twice(v):
    if v > 5:
        return v
    return v + v


def target(a, b):
    try:
        s = sign(a)
    except ValueError:
        return "zero"
    t = twice(b)
    if s + t == 3:
        return "three"
    return "other"
'''


def _tool():
    spec = importlib.util.spec_from_file_location("smart_order_tool", os.path.join(ROOT, "benchmarks", "smart_order.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _program(tmp_path):
    path = tmp_path / "skeleton_target.py"
    path.write_text(PROGRAM)
    spec = importlib.util.spec_from_file_location("skeleton_target", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _by_name(skeletons):
    out: dict[str, list] = {}
    for name, context, events in skeletons.values():
        out.setdefault(name, []).append((context, events))
    return out


def test_a_summarized_callee_leaves_only_its_outcome_in_the_callers_skeleton(tmp_path):
    tool, program = _tool(), _program(tmp_path)
    cut = tool.Skeletons(program, set())
    (one, _), (two, _) = cut(program.target, {"a": 5, "b": 9}), cut(program.target, {"a": 9, "b": 9})
    three, _ = cut(program.target, {"a": -5, "b": 9})
    four, _ = cut(program.target, {"a": 5, "b": 1})
    one, two, three, four = _by_name(one), _by_name(two), _by_name(three), _by_name(four)
    # sign(5) and sign(9) took the same path, sign(-5) another; the caller went on alike.
    assert one["target"] == two["target"] == three["target"]
    assert one["sign"] == two["sign"] != three["sign"]
    # 1 + twice(1) == 3: the caller's own decision on the values differs.
    assert four["target"] != one["target"]
    zero, _ = cut(program.target, {"a": 0, "b": 1})
    zero = _by_name(zero)
    assert zero["target"] != one["target"]          # sign raised: another outcome class
    assert ("call", "sign", "raised") in zero["target"][0][1]
    assert ("call", "sign", "returned") in one["target"][0][1]
    assert sys.gettrace() is None


def test_an_inlined_callee_is_part_of_the_callers_skeleton_and_contexts_follow_the_caller(tmp_path):
    tool, program = _tool(), _program(tmp_path)
    cut = tool.Skeletons(program, {"twice"})
    small, stream = cut(program.target, {"a": 5, "b": 1})
    large, _ = cut(program.target, {"a": 5, "b": 9})
    small, large = _by_name(small), _by_name(large)
    assert "twice" not in small and "twice" not in large
    assert small["target"] != large["target"]      # twice's branch is the caller's own now
    # sign's calling context: the target's context and its events up to the call
    (context, _), = small["sign"]
    assert context[0] == () and context[1] == small["target"][0][1][:len(context[1])]
    # the stream names every event's activation and its place there
    assert [e for a, _, e in stream if a == 0] == list(small["target"][0][1])
