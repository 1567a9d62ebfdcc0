"""bisect.bisect_left (C) with a symbolic needle.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import bisect


STEPS = [10, 20, 30]


def f(x: int) -> int:
    return bisect.bisect_left(STEPS, x)


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1', 'return 2', 'return 3'],
    'witness': {'return 0': {'x': 5}, 'return 1': {'x': 15}, 'return 2': {'x': 25}, 'return 3': {'x': 35}},
}
