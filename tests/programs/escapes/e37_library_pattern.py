"""fnmatch.fnmatchcase: library Python code matching with a pattern it compiled itself.

fnmatch builds `re.compile(res).match` behind an lru_cache and calls it on the
symbolic name: followed as a shadow of the library function (models/shadows.py)
whose call of the compiled pattern's bound method is the regex model.  Before, the
C matcher read the concrete string and the search stalled with `return 1` missed."""
import fnmatch


def f(s: str) -> int:
    return 1 if fnmatch.fnmatchcase(s, "a*b?") else 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'complete': True,
    'witness': {'return 0': {'s': ''}, 'return 1': {'s': 'abc'}},
}
