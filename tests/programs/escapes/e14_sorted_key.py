"""sorted() with key= over a list of strings.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""

def f(a: str, b: str) -> int:
    first = sorted([a, b], key=str.lower)[0]
    if first == "q":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'a': '', 'b': ''}, 'return 1': {'a': 'q', 'b': 'r'}},
}
