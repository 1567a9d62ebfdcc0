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
         ("expandtabs", (0,)), ("swapcase", ()), ("translate", (TABLE,)), ("capitalize", ())]


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
