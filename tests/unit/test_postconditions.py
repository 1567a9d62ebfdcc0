"""Postconditions LATEST's lazy search reads off real calls (strategies/latest/postconditions.py):
which templates survive, which are used, and that they rule out what no real call did."""
from __future__ import annotations

from smartest.strategies.latest.postconditions import Postconditions
from smartest.terms import Sort, const, var
from smartest.terms.evaluate import evaluate

S, I, R = var("s", Sort.STR), var("i", Sort.INT), var("r", Sort.INT)


def _skip_space(s: str, i: int) -> int:
    while i < len(s) and s[i] == " ":
        i += 1
    return i


def _holds(facts, **values) -> bool:
    model = {S: values["s"], I: values["i"], R: values["r"]}
    return all(evaluate(f, model) for f in facts)


def test_a_positions_bounds_are_used_once_met_with_equality_at_three_values():
    post = Postconditions()
    for s, i in [("a b", 0), ("  x", 0), ("ab", 2)]:
        post.observe("m.skip_space", (s, i), _skip_space(s, i))
    # r == i at 0 and 2 only: r >= i not used yet; r == len(s) once: r <= len(s) not yet.
    assert _holds(post.of("m.skip_space", (S, I), R), s="abc", i=2, r=1)
    for s, i in [("xy", 1), ("abcd", 3), ("a  ", 1), ("    ", 2)]:
        post.observe("m.skip_space", (s, i), _skip_space(s, i))
    facts = post.of("m.skip_space", (S, I), R)
    assert not _holds(facts, s="abc", i=2, r=1)       # a position moved backwards
    assert not _holds(facts, s="abc", i=2, r=4)       # past the end of the string
    assert _holds(facts, s="abc", i=1, r=3)


def test_a_template_a_real_call_breaks_is_dropped():
    post = Postconditions()
    for i in (0, 1, 2, 3):
        post.observe("m.f", ("abcdef", i), i)
    assert not _holds(post.of("m.f", (S, I), R), s="abcdef", i=3, r=2)
    post.observe("m.f", ("abcdef", 4), 1)             # a real call went backwards
    assert _holds(post.of("m.f", (S, I), R), s="abcdef", i=3, r=2)


def test_the_end_of_input_symbol_and_a_table_of_int_functions():
    post = Postconditions()
    eof = 1
    for s, i, sym in [("ab", 2, eof), ("ab", 0, 5), ("x", 0, 7), ("", 0, eof), ("a", 4, eof)]:
        post.observe("m.next_token", (s, i), sym)
    facts = post.of("m.next_token", (S, I), R)
    assert not _holds(facts, s="abc", i=3, r=5)       # a symbol past the end
    assert not _holds(facts, s="abc", i=1, r=eof)     # the end before the end
    assert _holds(facts, s="abc", i=3, r=eof) and _holds(facts, s="abc", i=1, r=9)
    for sym, length in [(5, 1), (15, 5), (16, 3)]:
        post.observe("m.token_length", (sym,), length)
    sym = var("sym", Sort.INT)
    table = post.of("m.token_length", (sym,), R)
    assert not all(evaluate(f, {sym: 15, R: 1}) for f in table)
    assert all(evaluate(f, {sym: 15, R: 5}) for f in table)
    assert all(evaluate(f, {sym: 99, R: 7}) for f in table)      # never seen: free
    assert not all(evaluate(f, {sym: 99, R: 0}) for f in table)  # below the least length seen
    post.observe("m.token_length", (15,), 6)                     # not a function of its arguments
    assert all(evaluate(f, {sym: 15, R: 1}) for f in post.of("m.token_length", (sym,), R))


def test_constant_arguments_and_functions_never_seen():
    post = Postconditions()
    assert post.of("m.unknown", (S, I), R) == []
    for i in (0, 1, 2):
        post.observe("m.f", ("abc", i), i)
    facts = post.of("m.f", (const("abc"), const(2)), R)
    assert not all(evaluate(f, {R: 1}) for f in facts) and all(evaluate(f, {R: 2}) for f in facts)
    post.observe("m.g", ("abc", 0), True)                        # no int result: no facts
    assert post.of("m.g", (S, I), R) == []
