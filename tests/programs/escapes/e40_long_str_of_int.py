"""str(n) of a number of 25 digits: the lowering of str(n) is exact below 10**24 only.

Past it the encoding is an over-approximation whose models are checked with Python's
str; this path was once answered unsatisfiable and the search ended `complete` with
`return 1` missed.  Every outcome is reached or the search says it is incomplete."""


def f(n: int) -> int:
    s = str(n)
    if s == "1000000000000000000000001":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'n': 5}, 'return 1': {'n': 10 ** 24 + 1}},
}
