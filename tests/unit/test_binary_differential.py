"""int.to_bytes / int.from_bytes, str.encode, bytes.hex / bytes.fromhex and struct.pack /
struct.unpack: the models on proxies against CPython on generated inputs (same values,
same exceptions, terms that evaluate to the results, recorded decisions that hold), and
the lowering of the new operators evaluated on the inputs' codes."""
from __future__ import annotations

import random
import struct

from smartest.models import binary as BM
from smartest.solver.strings import StringLowering
from smartest.symbolic.bytestr import new_bytes_input
from smartest.symbolic.ints import new_int_input
from smartest.symbolic.strs import new_str_input
from smartest.terms import Sort, text as T, var
from smartest.terms.evaluate import evaluate
from support.model_check import check

S, B, X = var("s", Sort.STR), var("b", Sort.BYTES), var("x", Sort.INT)
def _count(fmt: str) -> int:
    return len(struct.unpack(fmt, bytes(struct.calcsize(fmt))))


FORMATS = ["<i", ">h", "!H", "=q", "@b", "<2hB", "@bi", ">Q", "<L", "@l", "bh", ">I"]
INT_CASES = [
    lambda n: BM.to_bytes(n, 2, "big"), lambda n: BM.to_bytes(n, 1, "little", signed=True),
    lambda n: BM.to_bytes(n, 4, "little"), lambda n: BM.to_bytes(n, 3, "big", signed=True),
    lambda n: BM.to_bytes(n, 0, "big"),
    *[(lambda f: lambda n: BM.pack(f, *[n] * _count(f)))(f) for f in FORMATS],
    lambda n: BM.bytes_([n]), lambda n: BM.bytes_((3, n, 250)),
]
BYTES_CASES = [
    lambda b: BM.from_bytes(int, b, "big"), lambda b: BM.from_bytes(int, b, "little", signed=True),
    lambda b: BM.hex_(b), *[(lambda f: lambda b: BM.unpack(f, b))(f) for f in FORMATS],
    lambda b: BM.bytes_(b),
]
STR_CASES = [
    lambda s: BM.encode(s), lambda s: BM.encode(s, "ascii"), lambda s: BM.encode(s, "latin-1"),
    lambda s: BM.fromhex(bytes, s), lambda s: BM.bytes_(s, "ascii"), lambda s: BM.bytes_(s, "utf-8"),
    lambda s: BM.bytes_(s, "latin-1", "strict"),
]


INTS = [0, 1, -1, 7, 127, 128, -128, -129, 255, 256, 513, 32767, -32768, 65535, 2 ** 31 - 1, -2 ** 31, 2 ** 32,
        2 ** 63 - 1, -2 ** 63, 2 ** 64 - 1, 2 ** 64]


def _bytes_inputs():
    rnd = random.Random(2)
    return [bytes(rnd.choice([0, 1, 2, 127, 128, 255, 7]) for _ in range(rnd.randint(0, 9))) for _ in range(60)]


def _str_inputs():
    rnd = random.Random(4)
    pieces = ["a", "\u00e9", "\u20ac", "\U0001f600", "\ud800", "0", "f", "A", "b", " ", "\t", "g", "\x7f", "\u00ff"]
    return ["".join(rnd.choice(pieces) for _ in range(rnd.randint(0, 5))) for _ in range(120)] + \
        ["ab", "ab cd", " 0f", "abc", "a b", "0G", "ff00", "\u0661\u0662"]


def test_int_to_bytes_and_pack_match_cpython():
    tried = 0
    for n in INTS:
        for case in INT_CASES:
            check(lambda x, case=case: case(x), (n,), (new_int_input("x", n),), {X: n})
            tried += 1
    assert tried == len(INTS) * len(INT_CASES)


def test_bytes_of_a_count_matches_cpython():
    for n in range(-3, 9):
        check(BM.bytes_, (n,), (new_int_input("x", n),), {X: n})


def test_from_bytes_hex_and_unpack_match_cpython():
    for b in _bytes_inputs():
        for case in BYTES_CASES:
            check(lambda x, case=case: case(x), (b,), (new_bytes_input("b", b),), {B: b})


def test_encode_and_fromhex_match_cpython():
    for s in _str_inputs():
        for case in STR_CASES:
            check(lambda x, case=case: case(x), (s,), (new_str_input("s", s),), {S: s})


def test_lowering_of_encoding_operators_is_exact():
    k = 5
    lw = StringLowering(k)
    terms = [T.encode_utf8(S), T.encode_latin1(S), T.codes_outside(S, 0xD800, 0xDFFF), T.codes_outside(S, 256, 0x10FFFF)]
    for s in _str_inputs():
        if len(s) > k:
            continue
        env = {lw.length_var(S): len(s)}
        for j in range(k):
            env[lw.char_var(S, j)] = ord(s[j]) if j < len(s) else 97
        for t in terms:
            expected = evaluate(t, {S: s})
            if t.sort is Sort.BYTES:
                seq = lw.seq(t)
                n = evaluate(lw.lower(seq.length), env)
                got = bytes(evaluate(lw.lower(c), env) for c in seq.chars[:n])
            else:
                got = evaluate(lw.lower(t), env)
            assert got == expected, (s, t.op)
