"""A plain set's and dict's lookup methods called as bound methods (`keyword.iskeyword`
is `frozenset(kwlist).__contains__`): a case split over the constant keys, not a
lookup by the symbolic key's concrete hash (which ended the search with outcomes missed)."""
VERBS = frozenset({"get", "put"})
is_verb = VERBS.__contains__
lookup = {"a": 1, "b": 2}.get


def f(s: str) -> int:
    if is_verb(s):
        return 3
    return lookup(s, 0)


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1', 'return 2', 'return 3'],
    'complete': True,
    'witness': {'return 0': {'s': ''}, 'return 1': {'s': 'a'}, 'return 2': {'s': 'b'}, 'return 3': {'s': 'put'}},
}
