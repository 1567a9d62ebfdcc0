"""A container length far past the starting bound (`len(xs) > 10` under --max-len 4):
the bound probe must see the cut, so the search deepens instead of claiming complete.

A channel of bounds (issue 11): every outcome is reached and the search is complete."""


def f(xs: list[int]) -> int:
    if len(xs) > 10:
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'xs': []}, 'return 1': {'xs': [0] * 11}},
    'max_len': 4,
    'complete': True,
}
