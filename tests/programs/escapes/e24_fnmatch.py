"""fnmatch: library code translating a pattern to re.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import fnmatch


def f(s: str) -> int:
    if fnmatch.fnmatchcase(s, "a*z"):
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'s': ''}, 'return 1': {'s': 'az'}},
}
