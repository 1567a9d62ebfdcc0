"""Input kinds: which annotations resolve, and the draw / flatten / rebuild / proxy
contract every kind keeps."""
from __future__ import annotations

import collections.abc as abc
import enum
import random
import typing
from dataclasses import dataclass
from typing import Callable, Dict, List, Literal, NamedTuple, Optional, Set, Tuple, Union

import pytest

from smartest.errors import TargetError
from smartest.engine.target import resolve
from smartest.options import Options
from smartest.symbolic.inputs import kind_for, prepare_inputs, settle
from smartest.symbolic.realize import realize
from smartest.symbolic.recipes import Recipe, materialize
from smartest.trace.recorder import ACTIVE, Recorder

OPTIONS = Options(max_len=3, max_str_len=2, run_dir=None)


class Color(enum.Enum):
    RED = 1
    GREEN = 2


@dataclass
class Point:
    x: int
    y: int = 0


class Span(NamedTuple):
    lo: int
    hi: int


class Account:
    def __init__(self, owner: str, *, limit: int = 5):
        self.owner, self.limit = owner, limit


class Unannotated:
    def __init__(self, x):
        self.x = x


@dataclass
class Node:
    value: int
    next: Optional["Node"] = None


SUPPORTED = [
    None, type(None), list, List[int], typing.List, abc.Sequence[str], tuple, Tuple[int, str], tuple[int, ...],
    tuple[()], dict, Dict[str, int], abc.Mapping[int, bool], set[int], Set[str], Optional[int], int | None,
    Union[int, str, None], Literal["a", "b"], Literal[1, "x", None], Literal[True], Color, Point, Span, Account,
    Node, list[Optional[Point]], dict[Color, list[int]], Optional[tuple[int, ...]], set[Color],
]
UNSUPPORTED = [complex, Callable[[int], int], list[complex], dict[str, Callable], Unannotated, Optional[object]]


@pytest.mark.parametrize("annotation", SUPPORTED, ids=repr)
def test_supported_annotations_keep_the_kind_contract(annotation):
    kind = kind_for(annotation)
    assert kind is not None
    kind.bind(OPTIONS, set())
    names = {v.value for v, _ in kind.variables("p", OPTIONS, 0)}
    rng = random.Random(1)
    for _ in range(20):
        value = kind.draw(rng, OPTIONS)
        assert kind.accepts(value), value
        flat = dict(kind.flatten("p", value))
        assert set(flat) <= names                     # every part is a declared variable
        assert kind.rebuild("p", value, flat, OPTIONS, 0) == value   # nothing changed: the same value
        materialize(value)                             # builds
        token = ACTIVE.set(Recorder())
        try:
            assert realize(kind.proxy("p", value)) == materialize(value) or isinstance(value, Recipe)
        finally:
            ACTIVE.reset(token)


@pytest.mark.parametrize("annotation", UNSUPPORTED, ids=repr)
def test_unsupported_annotations_resolve_to_none(annotation):
    assert kind_for(annotation) is None


def test_an_unsupported_element_type_is_named_in_a_one_line_error(tmp_path):
    f = tmp_path / "t.py"
    f.write_text("def f(xs: list[complex]) -> int:\n    return 0\n")
    with pytest.raises(TargetError, match=r"type list\[complex\] is not supported \(complex is not; supported"):
        resolve(f"{f}:f")


def test_rebuild_follows_the_model_and_keeps_the_rest():
    kind = kind_for(list[Optional[int]])
    kind.bind(OPTIONS, set())
    values = {"p": [None, 4]}
    params = [type("P", (), {"name": "p", "kind": kind})()]
    prepare_inputs(params, OPTIONS)
    settle(params, values, OPTIONS)
    assert values["p.len"] == 2 and values["p[0].choice"] == 1 and values["p[1]:int"] == 4
    values.update({"p.len": 3, "p[0].choice": 0, "p[0]:int": 9})   # a model: longer, first element an int
    settle(params, values, OPTIONS)
    assert values["p"][:2] == [9, 4] and len(values["p"]) == 3


def test_choices_are_decided_when_the_input_is_built():
    kind = kind_for(Optional[int])
    rec = Recorder()
    token = ACTIVE.set(rec)
    try:
        assert kind.proxy("x", None) is None
    finally:
        ACTIVE.reset(token)
    assert [(str(b.term), b.taken) for b in rec.path] == [("(eq x.choice 0)", False)]


def test_recursive_records_have_finitely_many_variables():
    kind = kind_for(Node)
    kind.bind(OPTIONS, set())
    names = [v.value for v, _ in kind.variables("n", OPTIONS, 0)]
    assert 0 < len(names) < 50 and "n.value" in names and "n.next:Node.value" in names


def test_a_set_of_an_enum_holds_at_most_its_members():
    kind = kind_for(set[Color])
    kind.bind(Options(max_len=5, run_dir=None), set())
    domains = dict(kind.variables("s", OPTIONS, 0))
    assert "(le s.len 2)" in str(domains[next(v for v in domains if v.value == "s.len")])


def test_stand_ins_of_builtin_types_mean_the_types():
    from smartest.models.registry import stand_in
    tuple_, list_, int_ = stand_in("tuple"), stand_in("list"), stand_in("int")
    assert kind_for(tuple_).name == "tuple[int, ...]"
    assert kind_for(list_[int_]).name == "list[int]"
    assert isinstance((), tuple_) and issubclass(bool, int_) and int_ == int and list_[int] == list[int]
    assert not isinstance("a", int_) and int_("12") == 12
