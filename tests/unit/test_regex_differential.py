"""The `re` models against CPython on generated patterns and subjects: the lowering of
re_ok/re_pos evaluated on the subject's codes gives CPython's positions; the models
called on proxies give CPython's values and exceptions, with terms that evaluate to
them; unsupported syntax is a recorded concretization; explorations of small functions
reach every outcome, checked by re-running the inputs on the plain function."""
from __future__ import annotations

import os
import random
import re
from types import SimpleNamespace

import pytest

from smartest import explore
from smartest.models import regex  # noqa: F401  (registers the models of re)
from smartest.models.modules import MODELS as MODULE_MODELS
from smartest.solver.strings import StringLowering
from smartest.symbolic.bytestr import new_bytes_input
from smartest.symbolic.ints import new_int_input
from smartest.symbolic.strs import new_str_input
from smartest.terms import Sort, const, var
from smartest.terms import regex as R
from smartest.terms.evaluate import evaluate
from smartest.trace.recorder import ACTIVE, Recorder
from support.oracle import load

K = 6
S, X, BV = var("s", Sort.STR), var("x", Sort.INT), var("b", Sort.BYTES)
ALPHABET = "abcx.1 9_\n=@AB\u00e9\u0663-"
# The lowering's word class is exact below U+0100 and an abstraction above (solver/charclass).
LATIN1 = ALPHABET.replace("\u0663", "\u00b2")
FIXED = [r"[a-c]+x", r"^(\d+)\.(\d+)(?:\.(\d+))?$", r"(a|ab)(c|bcd)(d*)", r"a*?b", r"(?:(a)|b)+", r"\bab\b",
         r"x\B", r"(?i)ab[c-e]", r"^a$", r"(?m)^b$", r"a.c", r"(?s)a.c", r"\w+@\w+", r"\s*(\d{1,2})\s*",
         r"(?P<k>[a-z]+)=(?P<v>\d*)", r"[^ab]c?", r"a{2,3}", r"(a|b)*?c", r"\Aa|b\Z", r"(?x) a  b # c",
         r"(?i)[^A-C]+", r"(?a)\w\d\s", r"(?i)\u00c9|k", r"(a)?(b)?", r"[\d.]+$", r"(?m)a$"]


def _random_pattern(rnd: random.Random, depth: int = 0) -> str:
    """A pattern of the modelled syntax (it may still be rejected: an empty loop)."""
    atoms = ["a", "b", "x", r"\d", r"\w", r"\s", ".", "[a-c]", "[^b]", r"\.", "[0-9_]", "^", "$", r"\b", "é"]
    parts = []
    for _ in range(rnd.randint(1, 3)):
        if depth < 2 and rnd.random() < 0.3:
            inner = _random_pattern(rnd, depth + 1)
            kind = rnd.choice(["(%s)", "(?:%s)", "(%s|b)", "(?P<g%d>%%s)" % rnd.randint(0, 99)])
            atom = kind % inner
        else:
            atom = rnd.choice(atoms)
        if atom not in ("^", "$", r"\b"):
            atom += rnd.choice(["", "", "*", "+", "?", "*?", "+?", "{1,2}", "{2}"])
        parts.append(atom)
    return "".join(parts)


def _patterns():
    rnd = random.Random(11)
    out = list(FIXED)
    while len(out) < 120:
        p = _random_pattern(rnd)
        try:
            re.compile(p)
        except re.error:
            continue
        if R.check(p, re.compile(p).flags) is None:
            out.append(p)
    return out


PATTERNS = _patterns()


def _env(lw, x: str) -> dict:
    env = {lw.length_var(S): len(x)}
    for k in range(K):
        env[lw.char_var(S, k)] = ord(x[k]) if k < len(x) else 97
    return env


def test_lowering_of_regex_positions_is_exact():
    """For every pattern, mode, start and slot: the lowered formula evaluated on the
    subject's codes is CPython's position (or -1)."""
    rnd = random.Random(5)
    lw = StringLowering(K)
    tried = 0
    for p in PATTERNS:
        flags = re.compile(p).flags
        a = R.automaton(p, flags)
        for mode in (R.MATCH, R.FULL, R.SEARCH, R.ADVANCE):
            for _ in range(12):
                x = "".join(rnd.choice(LATIN1) for _ in range(rnd.randint(0, K)))
                pos = rnd.choice([0, 0, 1, 3, -1, 9])
                args = (S, const(p), const(flags), const(mode), const(pos))
                env = _env(lw, x)
                assert evaluate(lw.lower(R.re_ok(*args)), env) == R._re_ok(x, p, flags, mode, pos), (p, mode, x, pos)
                for slot in range(a.slots):
                    got = evaluate(lw.lower(R.re_pos(*args, const(slot))), env)
                    assert got == R._re_pos(x, p, flags, mode, pos, slot), (p, mode, x, pos, slot)
                    tried += 1
    assert tried > 5000


CASES = [
    lambda re, pat, s, n: re.match(pat, s) and re.match(pat, s).groups(),
    lambda re, pat, s, n: re.fullmatch(pat, s) and re.fullmatch(pat, s).span(),
    lambda re, pat, s, n: re.search(pat, s) and re.search(pat, s).group(0),
    lambda re, pat, s, n: re.compile(pat).search(s, n) and re.compile(pat).search(s, n).start(),
    lambda re, pat, s, n: re.compile(pat).match(s, n) and re.compile(pat).match(s, n).end(),
    lambda re, pat, s, n: re.findall(pat, s),
    lambda re, pat, s, n: [m.span() for m in re.finditer(pat, s)],
    lambda re, pat, s, n: re.sub(pat, "<>", s),
    lambda re, pat, s, n: re.sub(pat, r"[\g<0>|\\n]", s, count=n),
    lambda re, pat, s, n: re.compile(pat).groups and re.sub(pat, r"\1\1-", s),
    lambda re, pat, s, n: re.subn(pat, lambda m: m.group(0) + "!", s, count=2),
    lambda re, pat, s, n: re.split(pat, s),
    lambda re, pat, s, n: re.split(pat, s, maxsplit=1),
    lambda re, pat, s, n: re.search(pat, s) and re.search(pat, s).group(n),
    lambda re, pat, s, n: re.search(pat, s) and re.search(pat, s)[0],
    lambda re, pat, s, n: re.search(pat, s) and re.search(pat, s).groupdict("-"),
]
MODELS = SimpleNamespace(**{name: MODULE_MODELS["re"][name] for name in (
    "match", "fullmatch", "search", "findall", "finditer", "sub", "subn", "split", "compile")})


def test_models_match_cpython():
    """Each case on plain values (CPython's re) and on proxies (the models): same values
    and exceptions, and every recorded decision and returned term holds on the inputs."""
    rnd = random.Random(7)
    tried = 0
    for p in PATTERNS:
        for case in CASES:
            x = "".join(rnd.choice(ALPHABET) for _ in range(rnd.randint(0, K)))
            n = rnd.randint(0, 3)
            _agree(lambda ns, *a: case(ns, p, *a), (x, n), (new_str_input("s", x), new_int_input("x", n)),
                   {S: x, X: n})
            tried += 1
    assert tried == len(PATTERNS) * len(CASES)


def _outcome(fn):
    try:
        return _realized(fn()), None
    except Exception as e:  # noqa: BLE001 - any exception is a behaviour to compare
        return None, type(e)


def _agree(case, plain_args: tuple, proxy_args: tuple, env: dict) -> None:
    """case(re, *plain_args) and case(models, *proxy_args) give the same value or
    exception; every decision recorded on the proxy run holds on the inputs, and
    nothing was concretized."""
    expected = _outcome(lambda: case(re, *plain_args))
    rec = Recorder()
    token = ACTIVE.set(rec)
    try:
        got = _outcome(lambda: case(MODELS, *proxy_args))
    finally:
        ACTIVE.reset(token)
    assert got == expected, (plain_args, got, expected)
    for b in rec.path:
        assert evaluate(b.term, env) == b.taken, (plain_args, b.term)
    assert not rec.concretizations, (plain_args, rec.concretizations)


def _realized(x):
    from smartest.symbolic.realize import realize
    if isinstance(x, (list, tuple)):
        return type(x)(_realized(v) for v in x)
    if isinstance(x, dict):
        return {k: _realized(v) for k, v in x.items()}
    if isinstance(x, re.Match):
        return x.span()
    return realize(x)


@pytest.mark.parametrize("function", ["backref", "lookahead"])
def test_unsupported_syntax_is_a_recorded_concretization(function):
    """The report is incomplete and names the reason; every outcome it claims is what
    the plain function does on the input."""
    path = os.path.join(os.path.dirname(__file__), "targets", "regex_targets.py")
    report = explore(f"{path}:{function}", run_dir=None, coverage=False, max_runs=30, max_str_len=3)
    assert not report.complete
    assert any("re " in c["reason"] for c in report.concretizations), report.concretizations
    plain = getattr(load(path), function)
    for t in report.tests:
        assert plain(**t.inputs) == t.returned


BYTES_PATTERNS = [rb"[a-c]+x", rb"(\d+)\.(\d*)", rb"(?i)ab|\xff", rb"\w+\s?", rb"^a$", rb"x*"]
BYTES_CASES = [
    lambda re, p, b: re.match(p, b) and re.match(p, b).groups(),
    lambda re, p, b: re.fullmatch(p, b) and re.fullmatch(p, b).span(),
    lambda re, p, b: re.search(p, b) and re.search(p, b).group(0),
    lambda re, p, b: re.findall(p, b),
    lambda re, p, b: re.sub(p, b"<\\g<0>>", b),
    lambda re, p, b: re.split(p, b),
    lambda re, p, b: re.match(p, "text"),   # a str subject for a bytes pattern: TypeError
]


def test_bytes_patterns_match_cpython():
    rnd = random.Random(9)
    for p in BYTES_PATTERNS:
        for case in BYTES_CASES:
            for _ in range(8):
                b = bytes(rnd.choice(b"abcx.1 9\xff\nAB") for _ in range(rnd.randint(0, K)))
                _agree(lambda ns, *a: case(ns, p, *a), (b,), (new_bytes_input("b", b),), {BV: b})


def test_lowering_of_bytes_patterns_is_exact():
    rnd = random.Random(13)
    lw = StringLowering(K)
    for p in BYTES_PATTERNS:
        flags = re.compile(p).flags
        for mode in (R.MATCH, R.FULL, R.SEARCH, R.ADVANCE):
            for _ in range(10):
                b = bytes(rnd.choice(b"abcx.1 9\xff\nAB") for _ in range(rnd.randint(0, K)))
                env = {lw.length_var(BV): len(b), **{lw.char_var(BV, k): (b[k] if k < len(b) else 97) for k in range(K)}}
                for slot in range(R.automaton(p, flags).slots):
                    term = R.re_pos(BV, const(p), const(flags), const(mode), const(0), const(slot))
                    assert evaluate(lw.lower(term), env) == R._re_pos(b, p, flags, mode, 0, slot), (p, mode, b, slot)


def test_pattern_held_by_a_class_attribute_is_followed():
    path = os.path.join(os.path.dirname(__file__), "targets", "regex_targets.py")
    report = explore(f"{path}:classify", run_dir=None, coverage=False, max_runs=30, max_str_len=3)
    plain = load(path).classify
    assert {plain(**t.inputs) for t in report.tests} == {"num", "other"}
    assert report.complete and not report.concretizations


def test_case_insensitive_character_sets_are_cpythons():
    """Under re.I (Unicode and ASCII) the set a literal or class compiles to is exactly
    the characters CPython matches, over the first 0x3000 code points (Latin, Greek,
    Cyrillic, the Kelvin sign, the long s, title-case digraphs)."""
    for pattern in ["k", "s", "i", "\u00e9", "\u00df", "\u03c3", "[a-f]", "[^k]", "[K-M]", "I", "\u017f", "\u01c5",
                    "(?a:[_a-z])", "(?a:k)"]:   # a scoped ASCII flag (string.Template's idpattern)
        for flags in (re.I, re.I | re.A):
            compiled = re.compile(pattern, flags)
            chars = next(st.chars for st in R.automaton(pattern, compiled.flags).states if st.kind == "char")
            assert not chars.classes
            for c in range(0x3000):
                modelled = any(lo <= c <= hi for lo, hi in chars.ranges) != chars.negate
                assert modelled == bool(compiled.fullmatch(chr(c))), (pattern, flags, hex(c))
