"""str.translate with a table: the characters go through C.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""

TABLE = str.maketrans("abc", "xyz")


def f(s: str) -> int:
    if s.translate(TABLE) == "xy":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'s': ''}, 'return 1': {'s': 'ab'}},
}
