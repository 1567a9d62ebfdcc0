"""bytes(s, encoding): the builtin bytes encoding a symbolic string.

A modelled channel (issue 11): every outcome is reached and the search is complete."""


def f(s: str) -> int:
    try:
        b = bytes(s, "ascii")
    except UnicodeEncodeError:
        return -1
    if b == b"ok":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return -1', 'return 0', 'return 1'],
    'witness': {'return -1': {'s': '\xe9'}, 'return 0': {'s': ''}, 'return 1': {'s': 'ok'}},
    'complete': True,
}
