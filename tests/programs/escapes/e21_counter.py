"""collections.Counter: library code counting with a C helper.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import collections


def f(s: str) -> int:
    top = collections.Counter(s).most_common(1)
    if top and top[0][1] >= 3:
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'s': ''}, 'return 1': {'s': 'aaa'}},
}
