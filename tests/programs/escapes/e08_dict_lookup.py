"""a symbolic key looked up in a plain dict of the module (hashing).

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""

CODES = {"red": 1, "green": 2}


def f(s: str) -> int:
    return CODES.get(s, 0)


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1', 'return 2'],
    'witness': {'return 0': {'s': ''}, 'return 1': {'s': 'red'}, 'return 2': {'s': 'green'}},
}
