"""Random programs over a list, a dict or a set input, explored by DART and checked
against brute force.

Each program is a random sequence of statements (indexing, `in`, append/insert/
pop/remove, sorted, slices, sum/min/max, get/setdefault/pop/del, set algebra, a
dict and a set built with `dict()` and `set()`...) that adds bits to a result.
Brute force runs every input of a small grid (lists of length <= 3 over -2..2 and
every small index; dicts over the keys "", "a", "b"; sets of -2..2); when the
exploration says it is complete, every outcome brute force reaches must be among
the outcomes of the generated tests, and re-running each generated input must give
the engine's outcome.  A few programs run in CI; `-m quality` runs many.
"""
from __future__ import annotations

import itertools
import random
import sys

import pytest

import smartest
from smartest.symbolic.recipes import Recipe
from support.oracle import load, plain_inputs

STATEMENTS = [
    "if xs[i] > {c}:\n    r += {b}",
    "if {c} in xs:\n    r += {b}",
    "xs.append({c})",
    "xs.insert(i, {c})",
    "if xs:\n    xs.pop()",
    "if xs and xs.pop(0) == {c}:\n    r += {b}",
    "ys = sorted(xs)\nif ys and ys[0] == {c}:\n    r += {b}",
    "if len(xs) > {k}:\n    r += {b}",
    "for e in xs:\n    if e == {c}:\n        r += {b}\n        break",
    "if sum(xs) == {c}:\n    r += {b}",
    "d = dict()\nfor e in xs:\n    d[e] = d.get(e, 0) + 1\nif d.get({c}, 0) >= 2:\n    r += {b}",
    "if len(set(xs)) < len(xs):\n    r += {b}",
    "if xs and xs[-1] == xs[0] + {c}:\n    r += {b}",
    "if xs and max(xs) - min(xs) > {k}:\n    r += {b}",
    "if {c} in xs:\n    xs.remove({c})",
    "xs.reverse()",
    "xs.sort()",
    "if xs[i:] == [{c}]:\n    r += {b}",
    "if xs.count({c}) == 2:\n    r += {b}",
    "xs[i] = {c}",
    "if list(reversed(xs))[:1] == [{c}]:\n    r += {b}",
    "if xs[1:] and xs[1:] < xs:\n    r += {b}",
]
DICT_STATEMENTS = [
    "if k in d:\n    r += {b}",
    "if d.get(k, 0) > {c}:\n    r += {b}",
    "d[k] = {c}",
    "d.setdefault(k, {c})",
    "if d.pop(k, None) == {c}:\n    r += {b}",
    "for key in d:\n    if d[key] == {c}:\n        r += {b}\n        break",
    "if len(d) > {n}:\n    r += {b}",
    "if sorted(d)[:1] == [k]:\n    r += {b}",
    "if sum(d.values()) == {c}:\n    r += {b}",
    "if k in d:\n    del d[k]",
    "if list(d.items())[-1:] == [(k, {c})]:\n    r += {b}",
    "d.update({{'a': {c}}})",
    "if d == {{k: {c}}}:\n    r += {b}",
    "if d[k] == {c}:\n    r += {b}",
    "if {c} in d.values():\n    r += {b}",
    "if d and d.popitem()[1] == {c}:\n    r += {b}",
]
SET_STATEMENTS = [
    "if x in s:\n    r += {b}",
    "s.add({c})",
    "s.discard(x)",
    "if x in s:\n    s.remove(x)",
    "if len(s) > {n}:\n    r += {b}",
    "if sorted(s)[:1] == [{c}]:\n    r += {b}",
    "if s and max(s) == x:\n    r += {b}",
    "if sum(s) == {c}:\n    r += {b}",
    "if s <= {{x, {c}}}:\n    r += {b}",
    "if len(s & {{{c}, 1}}) == 1:\n    r += {b}",
    "if s - {{x}} == {{{c}}}:\n    r += {b}",
    "s = s | {{x + 1}}",
    "if s.isdisjoint({{{c}}}):\n    r += {b}",
]
RECORD_STATEMENTS = [
    "if o is None:\n    r += {b}",
    "if o is not None and o > {c}:\n    r += {b}",
    "if p.x == p.y + {c}:\n    r += {b}",
    "if c is Color.RED:\n    r += {b}",
    "if c == Color.GREEN and p.x > 0:\n    r += {b}",
    "if t[0] == {c}:\n    r += {b}",
    "if t[1] == 'a':\n    r += {b}",
    "a, w = t\nif a + len(w) == {c}:\n    r += {b}",
    "if isinstance(o, int) and o == p.y:\n    r += {b}",
    "match c:\n    case Color.BLUE:\n        r += {b}",
    "if (o or 0) + t[0] == {c}:\n    r += {b}",
    "if p == Point({c}, 0):\n    r += {b}",
    "if c.value == {k} + 1:\n    r += {b}",
]
RECORDS_PREAMBLE = """import enum
from dataclasses import dataclass
from typing import Optional


class Color(enum.Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


@dataclass
class Point:
    x: int
    y: int

    def __post_init__(self):
        if self.x > 1:
            raise ValueError("x too large")


"""
VALUES = (-2, -1, 0, 1, 2)
WORDS = ("", "a", "b")
FAMILIES = {  # signature, statements, bounds
    "list": ("xs: list[int], i: int", STATEMENTS, {"max_len": 3}),
    "dict": ("d: dict[str, int], k: str", DICT_STATEMENTS, {"max_len": 2, "max_str_len": 1}),
    "set": ("s: set[int], x: int", SET_STATEMENTS, {"max_len": 3}),
    "records": ("p: Point, o: Optional[int], c: Color, t: tuple[int, str]", RECORD_STATEMENTS,
                {"max_str_len": 1}),
}


def make_program(family: str, seed: int) -> str:
    signature, statements, _ = FAMILIES[family]
    rng = random.Random(seed)
    lines = [RECORDS_PREAMBLE] if family == "records" else []
    lines += [f"def f({signature}) -> int:", "    r = 0"]
    for b in range(rng.randint(2, 4)):
        stmt = rng.choice(statements).format(c=rng.choice(VALUES[1:4]), k=rng.randint(0, 2),
                                             n=rng.randint(0, 2), b=2 ** b)
        lines += ["    " + line for line in stmt.splitlines()]
    lines.append("    return r")
    return "\n".join(lines) + "\n"


def outcome(module, args: dict) -> str:
    """The plain call's outcome; building the inputs is part of it (a constructor may raise)."""
    try:
        return f"return {module.f(**plain_inputs(module, args))!r}"
    except Exception as e:  # noqa: BLE001
        return f"raise {type(e).__name__}"


def inputs(family: str, module):
    if family == "list":
        for n in range(4):
            for xs in itertools.product(VALUES, repeat=n):
                for i in range(-4, 5):
                    yield {"xs": list(xs), "i": i}
    elif family == "dict":
        for n in range(3):
            for keys in itertools.permutations(WORDS, n):
                for vals in itertools.product((-1, 0, 1), repeat=n):
                    for k in WORDS + ("c",):
                        yield {"d": dict(zip(keys, vals)), "k": k}
    elif family == "set":
        for n in range(4):
            for elems in itertools.combinations(VALUES, n):
                for x in VALUES:
                    yield {"s": set(elems), "x": x}
    else:
        for x, y, o, c, a, w in itertools.product(VALUES, VALUES, (None, *VALUES), range(3), VALUES, WORDS):
            yield {"p": Recipe(module.Point, (), (("x", x), ("y", y))), "o": o, "c": list(module.Color)[c],
                   "t": (a, w)}


def check_program(family: str, seed: int, tmp_path) -> None:
    source = make_program(family, seed)
    path = tmp_path / f"fuzz_{family}_{seed}.py"
    path.write_text(source)
    module = load(str(path))
    report = smartest.explore(f"{path}:f", run_dir=None, deepen=False, coverage=False, max_runs=3000, time_limit=60,
                              **FAMILIES[family][2])
    reached = set()
    for t in report.tests:
        if t.outcome not in ("returned", "raised"):
            continue
        label = outcome(module, dict(t.inputs))
        engine = f"return {t.returned!r}" if t.outcome == "returned" else f"raise {t.raised.type}"
        assert label == engine, (source, t.inputs)
        reached.add(label)
    if not report.concretizations:  # a concretization may make a later run diverge, and says so
        assert report.divergences == 0, source
    if report.complete:
        missed = {outcome(module, args) for args in inputs(family, module)} - reached
        assert not missed, (source, missed)


@pytest.mark.parametrize("family,seed", [(f, s) for f in FAMILIES for s in range(3)])
def test_random_programs_reach_what_brute_force_reaches(family, seed, tmp_path):
    check_program(family, seed, tmp_path)


@pytest.mark.quality
@pytest.mark.parametrize("family,seed", [(f, s) for f in FAMILIES for s in range(3, 103)])
def test_many_random_programs(family, seed, tmp_path):
    check_program(family, seed, tmp_path)


if __name__ == "__main__":  # python tests/integration/test_containers_fuzz.py dict 30: print that program
    print(make_program(sys.argv[1], int(sys.argv[2])))
