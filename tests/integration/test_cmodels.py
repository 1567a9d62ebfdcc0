"""Models at the C boundary (notes/s9-cmodels.md): an exploration reaches the branches
guarded by a modelled C function's result, and a function whose only C calls are
modelled is `complete` with every outcome reached.  Every generated input is re-run
on the plain function, and seeded random inputs find no outcome the search missed."""
import random

import pytest

import smartest
from targets import cmodel_targets as cm
from test_trial import _plain_outcomes

import os

TARGETS = os.path.join(os.path.dirname(__file__), "targets", "cmodel_targets.py")


def _explore(fn, **options):
    options.setdefault("max_runs", 200)
    return smartest.explore(f"{TARGETS}:{fn.__name__}", run_dir=None, coverage=False, deepen=False,
                            strategy="dart", **options)


def _random_outcomes(fn, make, count=2000, seed=12) -> set:
    rng = random.Random(seed)
    out = set()
    for _ in range(count):
        try:
            out.add(fn(*make(rng)))
        except Exception as e:  # noqa: BLE001 - an exception is an outcome
            out.add(type(e).__name__)
    return out


def _ints(rng, k):
    return [rng.choice([rng.randrange(-300, 300), rng.randrange(0, 70000), rng.randrange(-2 ** 40, 2 ** 40)])
            for _ in range(k)]


@pytest.mark.parametrize("fn, arity", [(cm.code_point, 1), (cm.color, 2), (cm.percent_hex, 1), (cm.mode, 1),
                                       (cm.amount, 1), (cm.initial, 1)])
def test_integer_formatting_in_base_16_8_2_is_followed_and_complete(fn, arity):
    """main: `format(n, '04X')`, `f'{r:02x}'` and `'%#06x' % n` recorded escapes and missed
    the guarded outcome; `oct()`/`bin()`/`hex()` read the proxy's digits in C unrecorded,
    and `mode` ended `complete` after 1 run with three outcomes missed; `f'{n:,}'` and `'%c' % n` recorded."""
    report = _explore(fn)
    reached = _plain_outcomes(fn, report)
    assert reached == cm.OUTCOMES[fn.__name__], (reached, report.concretizations)
    assert report.complete and not report.concretizations, report.concretizations
    assert _random_outcomes(fn, lambda rng: _ints(rng, arity)) <= reached


ALPHABET = "abx"


def _strs(rng, k):
    return ["".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 4))) for _ in range(k)]


@pytest.mark.parametrize("fn, make", [
    (cm.doubled, lambda rng: _strs(rng, 1)), (cm.longest_run, lambda rng: _strs(rng, 1)),
    (cm.either_has_x, lambda rng: _strs(rng, 2)), (cm.starts_ab, lambda rng: _strs(rng, 1)),
    (cm.pairs_sum, lambda rng: [[rng.randrange(-5, 15) for _ in range(rng.randrange(0, 4))]]),
    (cm.grade, lambda rng: _ints(rng, 1)), (cm.digit_or_letter, lambda rng: _ints(rng, 1)),
])
def test_itertools_and_bisect_over_proxies_are_followed_and_complete(fn, make):
    """main: every C call of itertools/bisect given a proxy recorded an escape and the
    search was incomplete; their C code reads the proxies only through `iter()`,
    comparisons and calls, which the proxies follow."""
    report = _explore(fn, max_str_len=3, max_len=3)
    reached = _plain_outcomes(fn, report)
    assert reached == cm.OUTCOMES[fn.__name__], (reached, report.concretizations)
    # complete up to the bounds (the random inputs below stay within them)
    assert report.complete_under_bounds and not report.concretizations, report.concretizations
    assert _random_outcomes(fn, make) <= reached


@pytest.mark.parametrize("fn, callee", [(cm.cut, "itertools.islice"), (cm.rank_in, "bisect.bisect_left"),
                                        (cm.decomposable, "unicodedata.decomposition")])
def test_a_count_or_a_searched_list_given_to_c_stays_an_escape(fn, callee):
    """`islice(s, n)` reads n, `bisect_left(xs, x)` reads the list's length, in C; an
    unmodelled function of a modelled module is named as the callee of its escape."""
    report = _explore(fn, max_runs=20, max_str_len=3, max_len=3)
    assert not report.complete
    assert any(c["callee"] == callee for c in report.concretizations), report.concretizations


def _chars(rng, k):
    return ["".join(chr(rng.choice([rng.randrange(0, 256), rng.randrange(0x590, 0x800), rng.randrange(0, 0x3000)]))
                    for _ in range(rng.randrange(0, 3)))
            for _ in range(k)]


@pytest.mark.parametrize("fn", [cm.latin_kind, cm.folded, cm.rtl])
def test_unicodedata_on_its_exact_domain_is_followed_and_complete(fn):
    """main: `unicodedata.category`/`normalize` of a proxy was C reading the concrete
    text: recorded, incomplete, `category(c) == 'Lu'` reached only by chance."""
    report = _explore(fn, max_str_len=3)
    reached = _plain_outcomes(fn, report)
    assert reached == cm.OUTCOMES[fn.__name__], (reached, report.concretizations)
    assert report.complete_under_bounds and not report.concretizations, report.concretizations
    assert _random_outcomes(fn, lambda rng: _chars(rng, 1)) <= reached


def test_category_past_latin1_reaches_its_outcomes_and_stays_recorded():
    report = _explore(cm.kind, max_str_len=3)
    assert _plain_outcomes(cm.kind, report) == cm.OUTCOMES["kind"]
    assert not report.complete
    assert {c["callee"] for c in report.concretizations} == {"unicodedata.category"}
