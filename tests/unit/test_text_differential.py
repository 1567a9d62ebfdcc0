"""String and bytes models against CPython on generated inputs (same results, same
exceptions, terms that evaluate to the results), and the bounded-string lowering of
every text operator against Python's own value of it."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from smartest.models import numbers as N, syntax
from smartest.models import text as TM
from smartest.solver import Query, build_solver_chain
from smartest.symbolic import formatting
from smartest.symbolic.bytestr import new_bytes_input
from smartest.symbolic.ints import new_int_input
from smartest.symbolic.strs import new_str_input
from smartest.terms import Sort, build, const, text as T, var
from support.model_check import check

S, U, B, X = var("s", Sort.STR), var("u", Sort.STR), var("b", Sort.BYTES), var("x", Sort.INT)
# Characters that make the models work: spaces CPython strips or not, case mappings that
# expand or leave Latin-1, digits int() accepts or rejects, quotes, separators.
ALPHABET = "aZ 0_-+.,eE'\"\\\t\n\x1c\x85\u00df\u00b2\u0663\u00c0\u0130\u3000x"
text = st.text(alphabet=ALPHABET, max_size=6)
text_or_number = st.one_of(text, st.sampled_from(["12", " -7 ", "1_000", "+0", "1e5", "-.5", "inf", "nAn",
                                                   "1__2", "_1", "\u0663\u0664", "5.", "1e-3", "0x1"]))

STR_CASES = [
    lambda s, u, n: s.lower(), lambda s, u, n: s.upper(), lambda s, u, n: s.strip(), lambda s, u, n: s.lstrip(),
    lambda s, u, n: s.rstrip(), lambda s, u, n: s.strip("a_"), lambda s, u, n: s.rstrip(u),
    lambda s, u, n: s.split(), lambda s, u, n: s.split(","), lambda s, u, n: s.split(None, 1),
    lambda s, u, n: s.split("a", 1), lambda s, u, n: s.split(u), lambda s, u, n: s.count("a"),
    lambda s, u, n: s.count("aa"), lambda s, u, n: s.count(u), lambda s, u, n: s.count("", 1),
    lambda s, u, n: s.replace("a", "xy"), lambda s, u, n: s.replace("aZ", ""), lambda s, u, n: s.replace("", "-"),
    lambda s, u, n: s.replace(u, "!", 1), lambda s, u, n: s.find("a", 1), lambda s, u, n: s.find(u, n),
    lambda s, u, n: s.rfind("a"), lambda s, u, n: s.rfind(u, 0, n), lambda s, u, n: s.index("Z"),
    lambda s, u, n: s.rindex(u), lambda s, u, n: "-".join([s, u]), lambda s, u, n: s.join(["1", "2"]),
    lambda s, u, n: s.partition(","), lambda s, u, n: s.rpartition(u), lambda s, u, n: s.removeprefix("a"),
    lambda s, u, n: s.removesuffix(u), lambda s, u, n: s.ljust(5, "*"), lambda s, u, n: s.rjust(4),
    lambda s, u, n: s.center(7, "."), lambda s, u, n: s.zfill(5), lambda s, u, n: s[::-1],
    lambda s, u, n: s.isdigit(), lambda s, u, n: s.isdecimal(), lambda s, u, n: s.isnumeric(),
    lambda s, u, n: s.isalpha(), lambda s, u, n: s.isalnum(), lambda s, u, n: s.isspace(),
    lambda s, u, n: s.isupper(), lambda s, u, n: s.islower(), lambda s, u, n: s.isascii(),
    lambda s, u, n: s.isprintable(),
    lambda s, u, n: N.int_(s), lambda s, u, n: N.float_(s), lambda s, u, n: N.repr_(s),
    lambda s, u, n: formatting.format_value(s, ">6"), lambda s, u, n: formatting.format_value(s, "*^5.2"),
    lambda s, u, n: formatting.format_value(n, "+05"), lambda s, u, n: formatting.format_value(n, "x<4"),
    lambda s, u, n: formatting.format_value(n, " d"), lambda s, u, n: formatting.fstring("[", (s, "r", None), "]"),
    lambda s, u, n: formatting.fstring((n, None, "03d"), ":", (s, None, "")),
    lambda s, u, n: formatting.percent("%d-%s|%-4s|%03i", (n, s, u, n)),
    lambda s, u, n: formatting.str_format("{}={x!r:>8}", n, x=s), lambda s, u, n: syntax.contains(s, "aeiou"),
    lambda s, u, n: syntax.contains(s, {"a", ","}), lambda s, u, n: syntax.contains(n, (1, 2, 3)),
    lambda s, u, n: syntax.method(",", "join", [s, u]), lambda s, u, n: syntax.method("a,b", "find", s),
]


@settings(max_examples=700, deadline=None, derandomize=True)
@given(text_or_number, text, st.integers(-3, 8), st.integers(0, len(STR_CASES) - 1))
def test_str_models_match_cpython(s, u, n, case):
    fn = STR_CASES[case]
    check(fn, (s, u, n), (new_str_input("s", s), new_str_input("u", u), new_int_input("x", n)), {S: s, U: u, X: n})


BYTES_CASES = [
    lambda b, n: b[n], lambda b, n: b[1:n], lambda b, n: b[::-1], lambda b, n: list(b), lambda b, n: n in b,
    lambda b, n: b"a" in b, lambda b, n: b.startswith(b"\xc3"), lambda b, n: b.endswith((b"a", b"")),
    lambda b, n: b == b"ab", lambda b, n: b < b"b", lambda b, n: b + b"!", lambda b, n: TM.len_(b),
    lambda b, n: TM.ord_(b[:1]), lambda b, n: b.decode(), lambda b, n: b.decode("latin-1"),
    lambda b, n: b.decode("ascii"), lambda b, n: b.lower(), lambda b, n: b.upper(), lambda b, n: b.isdigit(),
    lambda b, n: b.isspace(), lambda b, n: b.isalpha(), lambda b, n: b.split(), lambda b, n: b.strip(),
    lambda b, n: b.count(b"a"), lambda b, n: b.replace(b"a", b"xy"), lambda b, n: b.find(b"\x80"),
    lambda b, n: syntax.contains(b, b"abc"), lambda b, n: syntax.contains(n, b"\x00a"),
]


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.binary(max_size=5).map(lambda b: bytes(c if c < 0x20 or c > 0x7a else c for c in b)) |
       st.sampled_from([b"\xc3\xa9", b"\xe2\x82\xac", b"\xf0\x9f\x98\x80", b"\xed\xa0\x80", b"\xc0\x80", b" a 1"]),
       st.integers(-4, 300), st.integers(0, len(BYTES_CASES) - 1))
def test_bytes_models_match_cpython(b, n, case):
    check(BYTES_CASES[case], (b, n), (new_bytes_input("b", b), new_int_input("x", n)), {B: b, X: n})


# -- the lowering computes exactly Python's value ------------------------------------------

SOLVER, _ = build_solver_chain(timeout_ms=20000, max_str_len=6)
LOWERED = [
    lambda s: T.case("lower", s), lambda s: T.case("upper", s), lambda s: T.char_class("isdigit", s),
    lambda s: T.char_class("isalpha", s), lambda s: T.char_class("isspace", s), lambda s: T.char_class("isupper", s),
    lambda s: T.char_class("islower", s), lambda s: T.skip(s, const(1), const(" a")),
    lambda s: T.seek(s, const(0), const(T.WHITESPACE)), lambda s: T.rskip(s, build.length(s), const("_\u3000")),
    lambda s: T.count(s, const("a")), lambda s: T.count(s, const("aa")), lambda s: T.rfind(s, const("a")),
    lambda s: T.replace(s, const("a"), const("<>"), const(-1)), lambda s: T.replace(s, const(""), const("."), const(2)),
    lambda s: T.reverse(s), lambda s: T.parse_int_ok(s), lambda s: T.parse_int(s), lambda s: T.parse_float_ok(s),
    lambda s: T.repr_(s),
]


@settings(max_examples=120, deadline=None, derandomize=True)
@given(text_or_number.filter(lambda s: len(s) <= 6), st.integers(0, len(LOWERED) - 1))
def test_lowering_of_text_operators_is_exact(s, case):
    """With the input fixed, the lowered operator can take exactly Python's value."""
    term = LOWERED[case](S)
    from smartest.terms.evaluate import evaluate
    expected = evaluate(term, {S: s})
    fixed = build.eq(S, const(s))
    assert SOLVER.check(Query((fixed, build.eq(term, const(expected))))).sat
    assert not SOLVER.check(Query((fixed, build.not_(build.eq(term, const(expected)))))).sat, (s, term)


def test_unicode_constants_of_the_lowering_hold_on_this_python():
    from smartest.solver import charclass
    beyond = range(charclass.FULL_LIMIT, 0x110000)
    assert not any(chr(c).isspace() or chr(c).isdigit() for c in beyond)
    for op, width in charclass.WIDEST.items():
        assert max(len(getattr(chr(c), op)()) for c in range(0x110000)) == width
