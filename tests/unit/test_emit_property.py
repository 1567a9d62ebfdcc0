"""Emitted files cannot break: for generated values (quotes, backslashes, newlines,
lone surrogates, NUL, NaN/inf/-0.0, 10,000-digit ints, nested containers) the
literal compiles and rebuilds the value exactly, and an emitted test module that
passes them in and expects them back passes under pytest in a fresh interpreter."""
from __future__ import annotations

import ast
import math
import os
import subprocess
import sys

from hypothesis import HealthCheck, given, settings, strategies as st

from smartest.engine.literals import MAX_NESTING, Source, literal, needs_exact_compare, source
from smartest.emit.pytest_writer import EmitTarget, write_pytest_module
from smartest.engine.testcase import TestCase, inputs_as_json, inputs_from_json

NOT_IMPORTABLE = lambda cls: None  # noqa: E731  (plain values need no class)


def same(a, b) -> bool:
    """Exact equality: types, NaN, the sign of zero, order of lists/tuples/dicts."""
    if type(a) is not type(b):
        return False
    if type(a) is float:
        return (a != a and b != b) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if type(a) is dict:
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    return a == b   # sets, frozensets (of hashable scalars, no NaN keys), scalars


texts = st.text(st.one_of(st.characters(), st.sampled_from("'\"\\\n\r\x00\x1b\u2028\udc80\ud800")), max_size=12)
floats = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([-0.0, 0.0, math.nan, math.inf]))
ints = st.one_of(st.integers(), st.sampled_from([10_000, 10_001]).map(lambda n: (-1) ** n * (10 ** n + 7)))
keys = st.one_of(st.integers(), texts, st.booleans(), st.none())
scalars = st.one_of(st.none(), st.booleans(), ints, floats, texts, st.binary(max_size=8))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.lists(inner, max_size=4).map(tuple), st.dictionaries(keys, inner, max_size=4),
    st.frozensets(keys, max_size=4), st.sets(keys, max_size=4)), max_leaves=12)


def _nest(depth: int):
    v: object = 1
    for i in range(depth):
        v = [v] if i % 2 else (v, math.nan)
    return v


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(values)
def test_literals_compile_and_rebuild_the_value_exactly(value):
    expr = literal(value, NOT_IMPORTABLE)
    assert expr is not None
    text = ast.unparse(ast.fix_missing_locations(ast.Expression(expr)))
    rebuilt = eval(compile(text, "<literal>", "eval"), {})   # our own output, in a test
    assert same(rebuilt, value)
    # through a run directory: an input with no exact JSON form goes as checked source
    back = inputs_from_json(dict(zip(("inputs", "inputs_repr", "inputs_imports"), inputs_as_json({"x": value}))))
    if type(back["x"]) is Source:
        assert back["x"].expression() is not None


def test_too_deep_has_no_literal_rather_than_source_that_does_not_compile():
    assert literal(_nest(MAX_NESTING), NOT_IMPORTABLE) is not None
    assert literal(_nest(MAX_NESTING + 5), NOT_IMPORTABLE) is None
    assert needs_exact_compare(_nest(3)) and not needs_exact_compare((1, [2.5], {"a": 0.0}))


def test_source_from_a_run_directory_must_be_a_literal():
    assert Source("[1, float('nan'), -0.0, int('0x10', 16)]", []).expression() is not None
    assert Source("Point(x=1)", [["pkg.mod", "Point"]]).expression() is not None
    for bad in ["__import__('os').system('true')", "Point.__init__", "open('x')", "(lambda: 1)()", "x[0]",
                "float(os.getcwd())", "[*a]", "Point(**k)", "1 if a else 2", "Point(x=1)"]:
        assert Source(bad, []).expression() is None, bad


IDENTITY = "def echo(x):\n    return x\n"


@settings(max_examples=3, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(values, min_size=25, max_size=40))
def test_an_emitted_module_of_generated_values_passes_in_a_fresh_interpreter(tmp_path_factory, batch):
    d = tmp_path_factory.mktemp("emit")
    (d / "echo_mod.py").write_text(IDENTITY)
    target = EmitTarget(f"{d}/echo_mod.py:echo", "echo_mod", "echo", str(d), (("x", False),))
    batch = [*batch, _nest(12), [math.nan, (-0.0, {"k": math.nan})], "a'b\"c\\d\ne\x00\udc80", 10 ** 10_000]
    tests = [TestCase(index=i, inputs={"x": v}, outcome="returned", returned=v, raised=None, bug=False,
                      new_path=True, path_length=0, directed=False, diverged=False, duration_s=0.0)
             for i, v in enumerate(batch)]
    counts = write_pytest_module(target, tests, str(d / "test_echo.py"))
    assert counts["skipped"] == 0
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_echo.py"],
                         cwd=d, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "random"})
    assert run.returncode == 0, run.stdout[-3000:]
    assert f"{counts['regression']} passed" in run.stdout
