"""bytes([n]): the builtin bytes applied to a list holding a symbolic int.

A modelled channel (issue 11): every outcome is reached and the search is complete."""


def f(n: int) -> int:
    try:
        b = bytes([n])
    except ValueError:
        return -1
    if b == b"\x07":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return -1', 'return 0', 'return 1'],
    'witness': {'return -1': {'n': 256}, 'return 0': {'n': 0}, 'return 1': {'n': 7}},
    'complete': True,
}
