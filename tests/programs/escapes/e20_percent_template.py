"""%-formatting with a template that is not a literal.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""

def f(n: int, wide: bool) -> int:
    template = "%05d" if wide else "%d"
    if template % n == "00042":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'n': 0, 'wide': False}, 'return 1': {'n': 42, 'wide': True}},
}
