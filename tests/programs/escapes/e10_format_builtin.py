"""the builtin format() with a spec (__format__).

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""

def f(n: int) -> int:
    if format(n, "x") == "ff":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'n': 0}, 'return 1': {'n': 255}},
}
