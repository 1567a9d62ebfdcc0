"""Targets for composite inputs: one or more per supported type, each with the exact
set of outcomes a complete exploration reaches (checked in test_containers.py by
re-running the generated inputs on a fresh copy of this file)."""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import List, Literal, NamedTuple, Optional, Union


class Color(enum.Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


@dataclass
class Point:
    x: int
    y: int

    def __post_init__(self):
        if self.x < 0:
            raise ValueError("x must not be negative")


class Pair(NamedTuple):
    left: int
    right: str


class Account:
    def __init__(self, owner: str, balance: int = 0):
        if balance < 0:
            raise ValueError("negative balance")
        self.owner = owner
        self.balance = balance


@dataclass
class Node:
    value: int
    next: Optional[Node] = None


def none_param(x: None) -> str:
    return "none" if x is None else "other"


def optional_int(x: Optional[int]) -> str:
    if x is None:
        return "none"
    return "big" if x > 3 else "small"


def union_kinds(x: Union[int, str, list[int]]) -> str:
    if isinstance(x, int):
        return "pos" if x > 0 else "nonpos"
    if isinstance(x, str):
        return "ab" if x == "ab" else "str"
    return "long" if len(x) > 1 else "short"


def literal_mode(mode: Literal["r", "w"], n: int) -> str:
    if mode == "r":
        return "read-many" if n > 1 else "read"
    return "write"


def enum_color(c: Color) -> str:
    match c:
        case Color.RED:
            return "red"
        case Color.GREEN:
            return "green"
    return "blue"


def list_index(xs: list[int], i: int) -> str:
    if xs[i] == 3:
        return "three"
    return "other"


def list_mutations(xs: list[int]) -> str:
    xs.append(0)
    if len(xs) == 3 and xs[0] == 5:
        xs.insert(0, 9)
        return "inserted" if xs.pop() == 0 else "impossible"
    if xs[-2:] == [7, 0]:
        return "seven-last"
    return "other"


def tuple_fixed(t: tuple[int, str]) -> str:
    n, s = t
    if n > 0 and s == "x":
        return "both"
    return "pos" if n > 0 else "other"


def tuple_variadic(t: tuple[int, ...]) -> str:
    if len(t) == 3 and sum(t) == 6:
        return "six"
    return "many" if len(t) > 1 else "few"


def dict_lookup(d: dict[str, int], k: str) -> str:
    if d.get(k, 0) > 5:
        return "big"
    d.setdefault("z", 1)
    if d["a"] == 2:
        return "a2"
    return "other"


def set_membership(s: set[int], x: int) -> str:
    if x in s:
        return "member"
    s.add(x)
    if len(s) == 3:
        return "three"
    return "other"


def dataclass_point(p: Point) -> str:
    if p.x == p.y:
        return "diagonal"
    return "off"


def namedtuple_pair(p: Pair) -> str:
    if p.left == 2 and p.right == "b":
        return "match"
    return "left" if p.left > 2 else "other"


def plain_account(a: Account, amount: int) -> str:
    if amount > a.balance:
        raise ValueError("insufficient funds")
    return "empty" if amount == a.balance else "ok"


def sorting(xs: list[int]) -> str:
    ys = sorted(xs)
    if ys and ys[0] == 1 and ys[-1] == 3:
        return "one-to-three"
    if list(reversed(xs)) == [2, 1]:
        return "reversed"
    if xs and max(xs) - min(xs) > 4:
        return "spread"
    return "other"


def enumerate_zip(xs: list[int], ys: list[int]) -> str:
    for k, (a, b) in enumerate(zip(xs, ys)):
        if a == b and k == 1:
            return "second-equal"
    return "none"


def range_bounds(n: int, k: int) -> str:
    r = range(n)
    if k in r and len(r) == 3:
        return "in-three"
    if r and r[-1] == 5:
        return "last-five"
    return "other"


def nested_lists(xs: list[list[int]]) -> str:
    if len(xs) == 2 and len(xs[1]) == 1 and xs[1][0] == 4:
        return "found"
    return "other"


def optional_list(xs: Optional[List[int]]) -> str:
    if not xs:
        return "empty"
    return "first-neg" if xs[0] < 0 else "first-nonneg"


def bare_list(xs: list) -> str:
    return "sum-ten" if sum(xs) == 10 else "other"


def linked(node: Optional[Node]) -> str:
    total = 0
    while node is not None:
        total += node.value
        node = node.next
    return "seven" if total == 7 else "other"


def enum_keys(counts: dict[Color, int]) -> str:
    if counts.get(Color.RED, 0) > 2:
        return "red"
    return "blue-only" if list(counts) == [Color.BLUE] else "other"


def points(ps: list[Point]) -> str:
    for p in ps:
        if p.y == 3:
            return "y3"
    return "none"


def type_checks(xs: list[int], t: tuple[int, ...], d: dict[str, int], s: set[int], n: int) -> str:
    checks = [isinstance(xs, list), type(xs) is list, isinstance(t, tuple), type(d) == dict,
              isinstance(s, (set, frozenset)), type(n) is int, isinstance(n, int), not isinstance(n, bool),
              type(xs).__name__ == "list", issubclass(type(s), set)]
    if not all(checks):
        return "wrong-type"
    return "many" if len(xs) + len(t) + len(d) + len(s) > 2 else "few"
