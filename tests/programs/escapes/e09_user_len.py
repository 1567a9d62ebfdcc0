"""len() of a user object whose __len__ returns a symbolic int.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""

class Box:
    def __init__(self, n: int) -> None:
        self.n = n

    def __len__(self) -> int:
        return self.n if self.n >= 0 else 0


def f(n: int) -> int:
    if len(Box(n)) > 3:
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    # len() reads __len__'s result as a C ssize_t: past 2**63 - 1, OverflowError.
    'reach': ['return 0', 'return 1', 'bug OverflowError'],
    'witness': {'return 0': {'n': 0}, 'return 1': {'n': 4}, 'bug OverflowError': {'n': 2 ** 63}},
}
