"""int.bit_count, a method the int proxy inherits.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""

def f(n: int) -> int:
    if n.bit_count() == 3:
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'n': 0}, 'return 1': {'n': 7}},
}
