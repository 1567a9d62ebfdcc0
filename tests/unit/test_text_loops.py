"""symbolic/text_loops.py against CPython: on seeded random strings over the characters
each loop decides on, the model's value is the real method's, and every term it builds
evaluates, under the input's value, to the text it stands for."""
import random

import pytest

import smartest.models  # noqa: F401  (installs the models on the proxies)
from smartest.symbolic.strs import new_str_input
from smartest.terms.evaluate import evaluate

ALPHABET = "ab\n\r\t \x0b\x1cAB\u00df\u00e9\u0101\u03a3\u03c3\u01c5\u01c6\ufb01\x85\u2028"
TABLE = str.maketrans({"a": "xy", "b": None, "\t": "T", "\u03a3": 0x41})
CALLS = [("splitlines", ()), ("splitlines", (True,)), ("expandtabs", ()), ("expandtabs", (3,)),
         ("expandtabs", (0,)), ("swapcase", ()), ("translate", (TABLE,)), ("capitalize", ()),
         ("title", ())]


@pytest.mark.parametrize("name,args", CALLS, ids=[f"{n}{a!r}"[:30] for n, a in CALLS])
def test_loop_models_agree_with_cpython(name, args):
    rng = random.Random(7)
    for _ in range(400):
        value = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 6)))
        s = new_str_input("s", value)
        got, want = getattr(s, name)(*args), getattr(str, name)(value, *args)
        assert got == want and type(got) is not bytes, (value, got, want)
        for part in (got if isinstance(got, list) else [got]):
            term = getattr(part, "term", None)
            if term is not None:
                assert evaluate(term, {s.term: value}) == str.__str__(part), (value, name)


@pytest.mark.parametrize("name", ["capitalize", "title"])
def test_case_models_agree_with_cpython_over_every_kind_of_character(name):
    """Random strings over all of Latin-1 and a spread of the rest of Unicode (cased,
    uncased, title-case letters, ligatures, sigma)."""
    rng = random.Random(11)
    pool = [chr(i) for i in range(256)] + [chr(rng.randrange(0x100, 0x3000)) for _ in range(400)] + \
        list("\u03a3\u01c5\u01c6\ufb01\u1f88\u0130\u0149")
    for _ in range(1500):
        value = "".join(rng.choice(pool) for _ in range(rng.randint(0, 5)))
        s = new_str_input("s", value)
        got = getattr(s, name)()
        assert got == getattr(str, name)(value), (value, got)
        term = getattr(got, "term", None)
        if term is not None:
            assert evaluate(term, {s.term: value}) == getattr(str, name)(value), (value, name)
