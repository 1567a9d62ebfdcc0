"""Guided DSE, static side: truth tables, the boolean abstraction, the may/must
inference (the conditions the ICSE'16 paper derives for its Figures 2-4) and the
instrumentation pass."""
from __future__ import annotations

import ast
import itertools
import random
import textwrap

import pytest

from smartest.errors import AnnotationError
from smartest.guided.abstraction import ModuleSymbols, build_graph
from smartest.guided.recognize import AnnotationNames, function_defs
from smartest.guided.boolfun import Space
from smartest.guided.inference import analyze_module, placements
from smartest.guided.instrument import instrument, plan_module

FIGURE_2 = '''
from smartest import assumed, check

class Account:
    def deposit(self, amount):
        old = self.balance
        if amount <= 0 or amount > 50000:
            self.review_deposit(amount)
        else:
            assumed(no_overflow(self.balance, amount), "a")
            self.balance = add32(self.balance, amount)
            if self.balance > 10000:
                self.suggest_investment()
        check(self.balance >= old, verified="a")
'''
# Figure 4: the same with one more, unverified, assertion at the end.
FIGURE_4 = FIGURE_2 + '''        check(self.balance < 100)
'''


def conditions(source: str, qualname: str):
    tree = ast.parse(textwrap.dedent(source))
    names, symbols = AnnotationNames.of(tree), ModuleSymbols.of(tree)
    defs = list(function_defs(tree))
    graphs = [build_graph(fn, q, cls, symbols, names, False, "<test>") for q, cls, fn in defs]
    results = dict(zip((q for q, _, _ in defs), analyze_module(graphs)))
    return results[qualname]


def by_line(c, value) -> dict[int, str]:
    """The condition before each statement, by line."""
    g = c.graph
    return {g.statements[sid].lineno: c.space.formula(value(p)) for sid, p in g.points.items()}


def placed(c, configuration) -> list[tuple[int, str, str]]:
    return [(p.line, p.kind, p.formula) for p in placements(c, configuration)]


# -- truth tables --------------------------------------------------------------

def test_truth_tables_round_trip_through_formulas():
    space = Space(["a", "b", "c"])
    rng = random.Random(1)
    for t in [0, space.true, *(rng.getrandbits(8) for _ in range(200))]:
        assert space.parse(space.formula(t)) == t
    a, b = space.var("a"), space.var("b")
    assert space.formula(space.not_(a) | space.not_(b)) == "not a or not b"
    assert space.formula(space.with_true(a & b, "a")) == "b"
    assert space.formula(space.with_false(a | b, "a")) == "b"


def test_the_update_a_and_star_keeps_a_or_makes_it_false():
    space = Space(["a", "b"])
    only_a_true = space.parse("a and not b")
    # from a (and not b), `a := a && *` reaches a or not a, b still false
    assert space.after_havoc(only_a_true, "a") == space.parse("not b")
    assert space.after_havoc(space.parse("not a and b"), "a") == space.parse("not a and b")


def test_formulas_are_evaluated_against_brute_force():
    space = Space(["p", "q", "r"])
    for text in ["p and (q or not r)", "not (p or q) or r", "true", "False", "p or not p"]:
        t = space.parse(text)
        for values in itertools.product([False, True], repeat=3):
            env = dict(zip("pqr", values))
            assert space.holds(t, env) == eval(text.replace("true", "True"), {}, env)


# -- the paper's figures -----------------------------------------------------------

def test_figure_3_may_unverified_conditions():
    c = conditions(FIGURE_2, "Account.deposit")
    may = by_line(c, c.may)
    # 7: before the if (Fig. 3 line 4), 8: before review (line 6), 10: before the
    # assumed (line 10), 11-13: after it (lines 12-16), 14: before the assertion (line 20)
    assert may == {6: "True", 7: "True", 8: "not a", 10: "True", 11: "not a", 12: "not a",
                   13: "not a", 14: "not a"}


def test_figure_2_assumes_go_where_the_paper_puts_them():
    """`assume !a` at lines 4 and 9 of Figure 2: before ReviewDeposit, and after the
    assumed statement, before the addition."""
    c = conditions(FIGURE_2, "Account.deposit")
    assert placed(c, "may") == [(8, "assume", "not a"), (11, "assume", "not a")]
    assert placed(c, "off") == []
    # MAY x MUST: where MUST equals MAY the tryfirst is left out (§3.4)
    assert placed(c, "may-must") == [(8, "assume", "not a"), (11, "assume", "not a")]


def test_figure_4_must_unverified_conditions_and_tryfirst():
    c = conditions(FIGURE_4, "Account.deposit")
    assert by_line(c, c.may) == {line: "True" for line in (6, 7, 8, 10, 11, 12, 13, 14, 15)}
    must = by_line(c, c.must)
    assert must[10] == "not a"        # Fig. 4 line 10: exact update a := a && *
    assert must[14] == "not a" and must[15] == "True"
    # Fig. 4: only lines 12 and 20 are instrumented (after the update, before the
    # first assertion); lines 4-10 are constantly false (a is known true there)
    assert placed(c, "must") == [(11, "tryfirst", "not a"), (14, "tryfirst", "not a")]
    assert placed(c, "may") == []


# -- the abstraction -----------------------------------------------------------

LOOPS = '''
from smartest import assumed, check

def f(xs):
    total = 0
    for x in xs:
        assumed(x >= 0, "pos")
        total += x
    check(total >= 0, verified="pos")
    while total > 10:
        total -= 1
    return total

def g(x):
    y = 0
    try:
        assumed(x != 0, "nz")
        y = 10 // x
    except ZeroDivisionError:
        check(False, verified="nz")
    return y

def helper(x):
    assert x > 0
    return x

def h(x):
    assumed(x < 5, "small")
    y = helper(x)
    check(y < 5, verified="small")
    return y

def clean(x):
    return x + 1

def k(x):
    assumed(x < 5, "small")
    y = clean(x)
    check(y < 6, verified="small")
    return y
'''


def test_an_assumption_in_a_loop_reaches_a_fixed_point():
    c = conditions(LOOPS, "f")
    may = by_line(c, c.may)
    assert may[7] == "True" and may[8] == "True"      # more iterations may still falsify pos
    assert may[9] == "not pos"
    assert may[10] == "False" and may[12] == "False"  # nothing unverified after the check
    assert placed(c, "may") == [(9, "assume", "not pos"), (10, "assume", "False")]


def test_an_exception_may_reach_the_handler_from_inside_the_try():
    c = conditions(LOOPS, "g")
    may = by_line(c, c.may)
    # the handler asserts under nz: after the update, an exception in the division
    # would reach it, so MAY is not nz; before, true (the update is still to come)
    assert may[18] == "not nz"
    assert may[17] == "True"
    assert may[21] == "False"


def test_calls_to_functions_of_the_module_carry_their_assertions():
    h = conditions(LOOPS, "h")
    # helper has an unverified `assert`: before the call nothing can be pruned
    assert by_line(h, h.may)[29] == "True"
    assert by_line(h, h.may)[30] == "not small"
    k = conditions(LOOPS, "k")
    assert by_line(k, k.may)[38] == "not small"     # clean() has no assertion


# -- annotations and the pass ------------------------------------------------------

@pytest.mark.parametrize("body,message", [
    ('assumed(x > 0, name)', "string literal"),
    ('assumed(x > 0, "not an identifier")', "string literal"),
    ('assumed(x > 0, "and")', "string literal"),
    ('check(x > 0, verified="a and")', "not a boolean formula"),
    ('check(x > 0, verified="a + b")', "only identifiers"),
    ('y = check(x > 0)', "must be a statement"),
    ('f = lambda: check(x)', "must be a statement"),
])
def test_bad_annotations_are_one_line_errors(body, message):
    source = f"import smartest\nfrom smartest import assumed, check\ndef f(x):\n    {body}\n"
    with pytest.raises(AnnotationError, match=message) as e:
        instrument(ast.parse(source), "may", where="mod.py")
    assert "\n" not in str(e.value) and "mod.py:4" in str(e.value)


def test_annotations_are_recognized_through_every_import_form():
    source = textwrap.dedent('''
        import smartest as sm
        from smartest import check as verify_that
        def f(x):
            sm.assumed(x > 0, "a")
            verify_that(x > 1, verified="a")
        def g(x):
            check(x > 1)          # not smartest's check: left alone
    ''')
    plan = plan_module(ast.parse(source), "may")
    assert [f.qualname for f in plan.functions] == ["f"]
    assert plan.functions[0].identifiers == ("a",)


def test_the_pass_is_pure_and_keeps_lines():
    tree = ast.parse(textwrap.dedent(FIGURE_2))
    before = ast.dump(tree, include_attributes=True)
    out = instrument(tree, "may-must")
    assert ast.dump(tree, include_attributes=True) == before
    text = ast.unparse(out)
    assert "_smartest_assumed_a = True" in text
    assert "_smartest_assumed_a = __smartest_guided__.conj(_smartest_assumed_a, no_overflow(self.balance, amount))" in text
    assert text.count("__smartest_guided__.assume('not a', {'a': _smartest_assumed_a})") == 2
    assert "__smartest_guided__.check(self.balance >= old, 'a', {'a': _smartest_assumed_a}, None)" in text
    compile(out, "<test>", "exec")
    for node in ast.walk(out):
        if isinstance(node, ast.stmt) and node.lineno > 4:
            assert node.lineno <= 14


def test_a_docstring_stays_first():
    source = 'import smartest\ndef f(x):\n    "doc"\n    smartest.assumed(x > 0, "a")\n    smartest.check(x > 1, verified="a")\n'
    out = instrument(ast.parse(source), "may")
    fn = out.body[1]
    assert ast.get_docstring(fn) == "doc"
    assert isinstance(fn.body[1], ast.Assign) and fn.body[1].targets[0].id == "_smartest_assumed_a"
