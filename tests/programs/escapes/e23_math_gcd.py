"""math.gcd, a C function of a module with other models.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import math


def f(a: int, b: int) -> int:
    if math.gcd(a, b) == 6:
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'a': 0, 'b': 0}, 'return 1': {'a': 6, 'b': 12}},
}
