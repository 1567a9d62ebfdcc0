"""Opaque calls as a run sees them: a no-op outside smartest; under smartest the
run-time value (dart), fixed arguments (concretize) or an uninterpreted application
(mixed); partitions as terms; `--opaque` names resolved, installed and put back."""
from __future__ import annotations

import contextlib
import hashlib
import math
import types

import pytest

import smartest
from smartest.solving.opaque import REASON, entry_of, make_opaque
from smartest.solving.names import installed, resolve
from smartest.errors import InvalidArgument
from smartest.solving.library import HASH, hash_, replacements
from smartest.options import Options
from smartest.symbolic.ints import SymInt, new_int_input
from smartest.symbolic.strs import SymStr, new_str_input
from smartest.terms import Sort, build, const, uninterpreted, var
from smartest.trace.recorder import ACTIVE, Recorder

X = var("x", Sort.INT)


@smartest.opaque
def scramble(x: int, k: int = 3) -> int:
    """Pure, but nothing a solver could invert."""
    return (x * 7919 + k) % 1009


@contextlib.contextmanager
def run(**options):
    rec = Recorder(options=Options(**options) if options else None)
    token = ACTIVE.set(rec)
    try:
        yield rec
    finally:
        ACTIVE.reset(token)


def test_a_no_op_outside_smartest():
    assert scramble(5) == (5 * 7919 + 3) % 1009
    assert scramble.__name__ == "scramble" and scramble.__doc__.startswith("Pure")
    assert smartest.opaque() is smartest.opaque          # @opaque() works too
    assert entry_of(scramble).key == f"{__name__}:scramble"


def test_plain_arguments_call_straight_through():
    with run(solving="mixed") as rec:
        assert type(scramble(5)) is int
    assert not rec.path and not rec.concretizations


def test_mixed_keeps_an_uninterpreted_application():
    with run(solving="mixed") as rec:
        y = scramble(new_int_input("x", 5), k=4)
    assert type(y) is SymInt and int(y) == scramble(5, 4)
    assert y.term is uninterpreted.app(entry_of(scramble).key, (X, const(4)), Sort.INT)
    assert not rec.concretizations and not rec.path
    # the solver evaluates it by calling the function again, on any values
    assert uninterpreted.evaluate_app(y.term, [6, 4]) == scramble(6, 4)


def test_dart_uses_the_run_time_value_and_says_so():
    with run(solving="dart") as rec:
        y = scramble(new_int_input("x", 5))
    assert type(y) is int and y == scramble(5)
    assert [c.reason for c in rec.concretizations] == [f"{REASON}{entry_of(scramble).key}: run-time value (DART)"]


def test_concretize_fixes_the_arguments_for_the_rest_of_the_path():
    with run(solving="concretize") as rec:
        y = scramble(new_int_input("x", 5) + 1)
    assert type(y) is int and y == scramble(6)
    (b,) = rec.path
    assert not b.flippable and b.constraint is build.eq(build.add(X, const(1)), const(6))
    assert "arguments fixed" in rec.concretizations[0].reason


def test_results_without_a_sort_fall_back_on_the_value():
    lengths = make_opaque(lambda s: [len(s)], key="test_opaque:lengths")
    with run(solving="mixed") as rec:
        assert lengths(new_str_input("s", "abc")) == [3]
    assert "has no sort" in rec.concretizations[0].reason


def test_string_results_are_string_proxies():
    upper = make_opaque(str.upper, key="test_opaque:upper")
    with run(solving="mixed"):
        u = upper(new_str_input("s", "ab"))
    assert type(u) is SymStr and str(u) == "AB" and u.term.op == "uf" and u.term.sort is Sort.STR


def test_partition_conditions_become_terms_over_the_arguments():
    @smartest.partition(lambda x, k: x > 3, lambda x, k: (x <= 3) & (k == 1))
    def f(x, k):
        return x + k

    entry = entry_of(f)
    args = (build.add(X, const(1)), const(1))
    assert entry.partitions(args) == (build.lt(const(3), build.add(X, const(1))),
                                      build.le(build.add(X, const(1)), const(3)))
    assert smartest.partition(lambda x, k: x > 0)(f) is f      # adding to an opaque function


def test_partition_conditions_that_need_a_concrete_value_are_refused():
    @smartest.partition(lambda x: x > 3 and x < 9)
    def g(x):
        return x

    with pytest.raises(InvalidArgument, match="combine comparisons with & and |"):
        entry_of(g).partitions((X,))
    with pytest.raises(InvalidArgument, match="must be callables"):
        smartest.partition("x > 3")(g)
    with pytest.raises(InvalidArgument, match="at least one condition"):
        smartest.partition()


def test_the_builtin_hash_is_opaque_by_default():
    with run(solving="mixed"):
        h = hash_(new_int_input("x", 12))
    assert type(h) is SymInt and h.term is uninterpreted.app(HASH.key, (X,), Sort.INT)
    with run(solving="mixed", default_opaque=False) as rec:
        h = hash_(new_int_input("x", 12))
    # Not opaque: the plain hash of the concrete value, a fallback the run records.
    assert type(h) is int and h == 12 and rec.concretizations


def test_hashlib_digests_of_symbolic_data_are_opaque_calls():
    class SymBytesStandIn(bytes):   # what a symbolic bytes value looks like to the wrapper
        term = var("data", Sort.STR)

    (_, _, sha256), *_ = [r for r in replacements([]) if r[1] == "sha256"]
    data = SymBytesStandIn(b"abc")
    with run(solving="mixed"):
        hexd = sha256(data).hexdigest()
    assert str(hexd) == hashlib.sha256(b"abc").hexdigest()
    assert hexd.term.value == "hashlib:sha256.hexdigest" and hexd.term.args == (SymBytesStandIn.term,)
    assert uninterpreted.evaluate_app(hexd.term, [b"xyz"]) == hashlib.sha256(b"xyz").hexdigest()
    with run(solving="mixed"):
        assert sha256(b"abc").hexdigest() == hashlib.sha256(b"abc").hexdigest()   # plain data: untouched


def test_names_resolve_to_their_namespace():
    ns, name, raw, key = resolve("math:sin")
    assert ns is math and name == "sin" and raw is math.sin and key == "math:sin"
    for bad, needle in [("nocolon", "module:function"), ("no_such_module_xyz:f", "cannot import"),
                        ("types:SimpleNamespace", "not a function"), ("math:no_such_function", "no function")]:
        with pytest.raises(InvalidArgument, match=needle):
            resolve(bad)


def test_installed_wrappers_are_put_back():
    own = types.ModuleType("own_mod")
    own.sin = math.sin                    # from math import sin
    original = math.sin
    with installed(["math:sin"], [("math:cos", "x > 0")], [own]) as keys:
        assert keys == ["math:sin", "math:cos"]
        assert math.sin is not original and own.sin is math.sin and entry_of(math.sin).fn is original
        assert entry_of(math.cos).conditions
        assert math.sin(0.5) == original(0.5)    # outside a run: straight through
    assert math.sin is original and own.sin is original and entry_of(math.cos) is None


def test_keyword_arguments_are_bound_by_name_or_fall_back():
    with run(solving="mixed") as rec:
        y = scramble(new_int_input("x", 5), k=new_int_input("k", 2))
    assert type(y) is SymInt and y.term.args == (X, var("k", Sort.INT))
    assert not rec.concretizations
    loose = make_opaque(lambda x, **options: x + len(options), key="test_opaque:loose")
    with run(solving="mixed") as rec:
        assert type(loose(new_int_input("x", 5), verbose=True)) is int
    assert "run-time value" in rec.concretizations[0].reason


def test_results_of_other_value_kinds_become_their_proxies():
    # How floats (or any kind another value area registers) plug in: the kind's proxy
    # carries the application as its term.
    from smartest.symbolic.inputs import KINDS, InputKind, register_kind

    class Reading(int):
        pass

    class SymReading(Reading):
        term = None

    def proxy(name, value):
        p = SymReading(value)
        p.term = var(name, Sort.INT)
        return p

    register_kind(Reading, InputKind("reading", Sort.INT, lambda rng, o: Reading(0), proxy, lambda v, o: None))
    try:
        sensor = make_opaque(lambda x: Reading(x * 2), key="test_opaque:sensor")
        with run(solving="mixed"):
            r = sensor(new_int_input("x", 4))
        assert type(r) is SymReading and r == 8 and r.term is uninterpreted.app("test_opaque:sensor", (X,), Sort.INT)
    finally:
        del KINDS[Reading]
