"""functools.reduce (C) with operator.mul.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import functools
import operator


def f(a: int, b: int) -> int:
    if functools.reduce(operator.mul, [a, b], 1) == 12:
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'a': 0, 'b': 0}, 'return 1': {'a': 3, 'b': 4}},
}
