"""random.Random seeded with the input (C).

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import random


def f(n: int) -> int:
    if random.Random(n).randint(0, 9) == 7:
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'n': 0}, 'return 1': {'n': 9}},
}
