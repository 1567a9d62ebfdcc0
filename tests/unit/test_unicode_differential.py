"""`unicodedata` models against CPython: each per-character property on every code
point below its bound and on seeded code points past it (where it must record its escape), `normalize` and
`is_normalized` in every form on seeded strings mixing ASCII, Latin-1, combining marks
and characters that decompose or compose."""
from __future__ import annotations

import random
import unicodedata

import pytest

from smartest.models import unicode as U
from smartest.symbolic.strs import new_str_input
from smartest.terms import Sort, var
from support.model_check import check

S = var("s", Sort.STR)


def _check(fn, s: str):
    return check(fn, (s,), (new_str_input("s", s),), {S: s})


PROPERTIES = [U.category, U.bidirectional, U.combining, U.mirrored, U.east_asian_width]


@pytest.mark.parametrize("model", PROPERTIES, ids=lambda m: m.__name__)
def test_property_of_every_character_below_its_bound_is_cpythons_and_followed(model):
    for c in map(chr, range(model.bound)):
        rec = _check(model, c)
        assert not rec.concretizations, repr(c)
        assert rec.path, "the length and range branches are recorded"


@pytest.mark.parametrize("model", PROPERTIES, ids=lambda m: m.__name__)
def test_property_past_its_bound_and_of_other_lengths_is_cpythons_and_records_outside(model):
    rng = random.Random(5)
    codes = [model.bound, 0x2028, 0x10FFFF, 0xD800, 0x1F600] + \
        [rng.randrange(model.bound, 0x110000) for _ in range(1500)]
    for code in codes:
        rec = _check(model, chr(code))
        assert [c.callee for c in rec.concretizations] == [f"unicodedata.{model.__name__}"], hex(code)
    for s in ("", "ab", "\u00e9\u00e9"):
        rec = _check(model, s)      # TypeError as CPython, on a recorded branch
        assert not rec.concretizations


ALPHABET = "aZ 1~\x00\x7f\u00a0\u00aa\u00b2\u00bd\u00c0\u00e9\u00ff\u0301\u0327\u0130\u1e9b\u212b\uac00\u1100\u1161\ufb01"


@pytest.mark.parametrize("form", U.FORMS)
def test_normalize_and_is_normalized_match_cpython_and_record_outside_their_domain(form):
    rng = random.Random(U.FORMS.index(form))
    bound = U._IDENTITY_BELOW[form]
    for _ in range(1500):
        s = "".join(rng.choice(ALPHABET if rng.random() < 0.5 else ALPHABET[:13]) for _ in range(rng.randrange(0, 5)))
        inside = all(ord(c) < bound for c in s)
        for model in (U.normalize, U.is_normalized):
            rec = check(lambda x: model(form, x), (s,), (new_str_input("s", s),), {S: s})
            assert bool(rec.concretizations) is not inside, (form, s, model.__name__)
    for bad in ("nfc", "NFX"):
        _check(lambda x: U.normalize(bad, x), "a")      # ValueError as CPython


def test_the_identity_domains_hold_on_this_python():
    """Every pair of characters below each form's bound is left as it is."""
    for form, bound in U._IDENTITY_BELOW.items():
        assert all(unicodedata.is_normalized(form, chr(a) + chr(b)) for a in range(bound) for b in range(bound)), form
