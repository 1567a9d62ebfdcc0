"""string.Template(s).get_identifiers(): a method with no argument whose object keeps
the input (`self.template`), read by C `re` in library code.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import string


def f(s: str) -> int:
    names = string.Template(s).get_identifiers()
    if len(names) == 2:
        return 2
    if names:
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1', 'return 2'],
    'witness': {'return 0': {'s': ''}, 'return 1': {'s': '$a'}, 'return 2': {'s': '$a$b'}},
}
