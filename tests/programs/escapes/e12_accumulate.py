"""itertools.accumulate (C) over a list input.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import itertools


def f(xs: list[int]) -> int:
    sums = list(itertools.accumulate(xs))
    if sums and sums[-1] == 10:
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'max_len': 2,
    'witness': {'return 0': {'xs': []}, 'return 1': {'xs': [10]}},
}
