"""Function summaries as data: extraction from a path, instantiation at a call,
the concrete match, the SQLite store, and the bytecode facts that decide which
functions a summary may stand for."""
from __future__ import annotations

import importlib.util
import pickle
import sys
import textwrap

import pytest

from smartest.calls.purity import CodeTable, all_functions
from smartest.strategies.smart.store import SummaryStore
from smartest.calls.outcomes import outcome_of
from smartest.strategies.smart.summary import FunctionSummary, PathSummary, extract, formal, with_term
from smartest.symbolic.ints import SymInt
from smartest.terms import Sort, build, const, var
from smartest.terms.evaluate import evaluate
from smartest.trace.path import Branch
from smartest.trace.site import Site

SITE = Site(extract.__code__, 0)
X, Y = var("f#0.x", Sort.INT), var("f#0.y", Sort.INT)          # formals of one explored call
FX, FY = formal("m.f", "x", Sort.INT), formal("m.f", "y", Sort.INT)
RENAME = {X: FX, Y: FY}


def branch(term, taken=True, flippable=True):
    return Branch(SITE, term, taken, flippable)


def test_extract_renames_formals_and_leaves_out_other_inputs():
    outer = var("s", Sort.STR)   # a program input the callee read some other way
    region = [branch(build.lt(X, const(3))),
              branch(build.eq(build.length(outer), const(2)), False),
              branch(build.eq(Y, const(0)), False, flippable=False)]
    path = extract(region, RENAME, ("value", "Int"), build.add(X, Y), concretized=False)
    assert path.pre == (build.lt(FX, const(3)), build.not_(build.eq(FY, const(0))))
    assert path.post is build.add(FX, FY)
    assert not path.complete          # the condition over s was left out (§3.1)
    assert path.formals == {FX, FY}
    clean = extract(region[:1], RENAME, ("none",), None, concretized=False)
    assert clean.complete and clean.post is None
    assert not extract(region[:1], RENAME, ("none",), None, concretized=True).complete


def test_a_result_over_other_inputs_is_an_object_outcome():
    path = extract([], RENAME, ("value", "Int"), var("elsewhere", Sort.INT), concretized=False)
    assert path.outcome[0] == "object" and not path.complete


def test_outcomes():
    assert outcome_of(3) == ("value", "Int") and outcome_of(True) == ("value", "Bool")
    assert outcome_of("a") == ("value", "String") and outcome_of(None) == ("none",)
    assert outcome_of((1, 2)) == ("object", "tuple")
    assert outcome_of(raised=KeyError("k")) == ("raise", "KeyError")


def _sign_summary() -> FunctionSummary:
    """sign(x): -1, 0 or 1, and raises on 99."""
    s = FunctionSummary("m.f")
    s.add(PathSummary((build.eq(FX, const(99)),), ("raise", "ValueError")))
    s.add(PathSummary((build.not_(build.eq(FX, const(99))), build.lt(const(0), FX)), ("value", "Int"), const(1)))
    s.add(PathSummary((build.not_(build.eq(FX, const(99))), build.not_(build.lt(const(0), FX)), build.eq(FX, const(0))),
                      ("value", "Int"), const(0)))
    s.add(PathSummary((build.not_(build.eq(FX, const(99))), build.not_(build.lt(const(0), FX)),
                       build.not_(build.eq(FX, const(0)))), ("value", "Int"), const(-1)))
    return s


def test_instance_at_a_call_site_is_exact_for_every_input():
    s = _sign_summary()
    assert not s.add(s.paths[1])          # the same path twice is one path
    a = var("a", Sort.INT)
    inst = s.instance({FX: build.add(a, const(1))})   # sign(a + 1)
    assert [o for o, _ in inst.classes] == [("raise", "ValueError"), ("value", "Int")]
    ret = inst.values[("value", "Int")]
    assert ret.free == {a}
    for value in range(-5, 101):
        env = {a: value}
        x = value + 1
        raised = evaluate(inst.classes[0][1], env)
        assert raised == (x == 99)
        assert evaluate(inst.domain, env)   # the summary covers every input
        if not raised:
            assert evaluate(ret, env) == (x > 0) - (x < 0)
    assert s.instance({FX: build.add(a, const(1))}) is inst   # cached per version and actuals


def test_paths_that_part_at_unrelated_conditions_still_give_the_right_value():
    """One run summarized a callee (the assumption x >= 5), another branched on its
    own (x < 10, then x < 5): the paths part at conditions that are not each other's
    negation, so the returned term must check the whole sub-condition."""
    s = FunctionSummary("m.f")
    gt0, lt10, lt5, ge5 = (build.lt(const(0), FX), build.lt(FX, const(10)), build.lt(FX, const(5)),
                           build.le(const(5), FX))
    s.add(PathSummary((build.not_(gt0),), ("value", "Int"), const(0)))
    s.add(PathSummary((gt0, lt10, lt5), ("value", "Int"), const(1)))
    s.add(PathSummary((gt0, ge5), ("value", "Int"), const(2)))
    a = var("a", Sort.INT)
    inst = s.instance({FX: a})
    for x in range(-3, 15):
        assert evaluate(inst.domain, {a: x})
        assert evaluate(inst.values[("value", "Int")], {a: x}) == (0 if x <= 0 else 1 if x < 5 else 2), x


def test_outcome_classes_keep_their_order_and_objects_are_one_class_per_path():
    s = FunctionSummary("m.f")
    s.add(PathSummary((build.lt(FX, const(0)),), ("object", "tuple")))
    s.add(PathSummary((build.not_(build.lt(FX, const(0))), build.lt(FX, const(5))), ("object", "tuple")))
    first = [o for o, _ in s.instance({FX: var("a", Sort.INT)}).classes]
    assert first == [("object", "tuple", 0), ("object", "tuple", 1)]
    s.add(PathSummary((build.not_(build.lt(FX, const(0))), build.not_(build.lt(FX, const(5)))), ("none",)))
    grown = [o for o, _ in s.instance({FX: var("a", Sort.INT)}).classes]
    assert grown[:2] == first and grown[2] == ("none",)   # a caller's recorded decisions stay valid


def test_constant_actuals_fold_and_other_sorts_do_not_apply():
    s = _sign_summary()
    inst = s.instance({FX: const(5)})
    assert inst.values[("value", "Int")] is const(1)
    assert inst.domain is build.TRUE
    assert s.instance({formal("m.f", "x", Sort.STR): const("5")}).classes == []


def test_match_finds_the_path_of_concrete_arguments():
    s = _sign_summary()
    assert s.match({FX: 99})[1].outcome == ("raise", "ValueError")
    assert s.match({FX: -4}) == (3, s.paths[3]) and s.paths[3].post is const(-1)
    assert s.match({FY: 1}) is None      # no path over these formals


def test_with_term_makes_proxies_and_folds_constants():
    a = var("a", Sort.INT)
    p = with_term(4, build.add(a, const(1)))
    assert type(p) is SymInt and p == 4 and p.term is build.add(a, const(1))
    assert type(with_term(4, const(4))) is int


def test_store_round_trip_and_invalidation(tmp_path):
    path = str(tmp_path / "sub" / "summaries.sqlite")
    s = _sign_summary()
    store = SummaryStore(path)
    store.save("m.f", "hash1", s.paths)
    store.close()
    again = SummaryStore(path)
    loaded = again.load("m.f", "hash1")
    assert [(p.pre, p.outcome, p.post) for p in loaded] == [(p.pre, p.outcome, p.post) for p in s.paths]
    assert loaded[1].pre[1] is s.paths[1].pre[1]    # terms are interned again on load
    assert again.load("m.f", "hash2") == [] and again.invalidated == ["m.f"]
    assert again.load("m.f", "hash1") == []          # the stale version was dropped
    assert SummaryStore(None).load("m.f", "hash1") == [] and not SummaryStore(None).enabled


def test_terms_pickle_by_structure():
    t = build.ite(build.lt(FX, const(0)), build.neg(FX), FX)
    assert pickle.loads(pickle.dumps(t)) is t


SOURCE = '''
TABLE = [1, 2]
LIMIT = {limit}
counter = 0


def pure(x):
    out = []
    out.append(x)
    return helper(x) + len(out) + LIMIT


def helper(x):
    return x + {bump}


def writes_global():
    global counter
    counter += 1


def reads_written_global():
    return counter


def reads_table(i):
    return TABLE[i]


def mutates_argument(xs):
    xs.append(1)


def calls_a_writer():
    writes_global()


def gen(n):
    yield n


class Box:
    def __init__(self):
        self.v = 0

    def get(self):
        return self.v

    def double(self, y):
        return 2 * y
'''


def _module(tmp_path, name, **fmt):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(SOURCE.format(**{"limit": 3, "bump": 1, **fmt})))
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_purity_decides_which_functions_summaries_stand_for(tmp_path):
    mod = _module(tmp_path, "purity_a")
    table = CodeTable(all_functions([mod]))
    summarizable = {q.split(".", 1)[1] for q in table.facts if table.summarizable(q)}
    assert summarizable == {"pure", "helper", "Box.double"}
    reasons = {q.split(".", 1)[1]: r for q, r in table.reason.items()}
    assert reasons["writes_global"].startswith("writes state")
    assert reasons["reads_written_global"].startswith("reads state")
    assert reasons["reads_table"].startswith("reads state")      # a module-level list
    assert reasons["mutates_argument"].startswith("writes state")
    assert "inlined" in reasons["calls_a_writer"]
    assert reasons["gen"] == "generator or coroutine"
    assert reasons["Box.get"].startswith("reads state")          # .v is stored by __init__
    assert reasons["Box.__init__"].startswith("writes state")


def test_code_hash_follows_the_code_and_its_callees(tmp_path):
    base = CodeTable(all_functions([_module(tmp_path, "hash_a")]))
    (tmp_path / "elsewhere").mkdir()
    same = CodeTable(all_functions([_module(tmp_path / "elsewhere", "hash_a")]))   # same code, moved
    callee = CodeTable(all_functions([_module(tmp_path, "hash_a", bump=2)]))
    const_changed = CodeTable(all_functions([_module(tmp_path, "hash_a", limit=4)]))
    h = lambda t, f: t.code_hash(f"hash_a.{f}")  # noqa: E731
    assert h(base, "pure") == h(same, "pure")
    assert h(base, "pure") != h(callee, "pure")         # helper changed: pure's summary embeds it
    assert h(base, "helper") != h(callee, "helper")
    assert h(base, "pure") != h(const_changed, "pure")  # a constant global it reads changed
    assert h(base, "helper") == h(const_changed, "helper")
    assert h(base, "Box.double") == h(callee, "Box.double")


@pytest.fixture(autouse=True)
def _forget_modules():
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if name.startswith(("purity_", "hash_")):
            del sys.modules[name]


def test_a_decorator_does_not_hide_the_function_it_wraps(tmp_path):
    path = tmp_path / "decorated_a.py"
    path.write_text(textwrap.dedent('''
        import functools
        hits = 0

        def counted(fn):
            @functools.wraps(fn)
            def inner(*args):
                return fn(*args)
            return inner

        @counted
        def bump(x):
            global hits
            hits += 1
            return x

        @counted
        def double(x):
            return 2 * x
    '''))
    spec = importlib.util.spec_from_file_location("decorated_a", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["decorated_a"] = mod
    spec.loader.exec_module(mod)
    table = CodeTable(all_functions([mod]))
    assert not table.summarizable("decorated_a.bump")
    assert table.summarizable("decorated_a.double")
    del sys.modules["decorated_a"]
