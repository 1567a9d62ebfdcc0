"""string.Template(s).substitute(): library Python code reached by a method call with no
argument, on an object that keeps the input in an attribute (C `re` inside).

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import string


def f(s: str) -> int:
    try:
        out = string.Template(s).substitute()
    except (KeyError, ValueError):
        return -1
    if out == "x$":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return -1', 'return 0', 'return 1'],
    'witness': {'return -1': {'s': '$a'}, 'return 0': {'s': ''}, 'return 1': {'s': 'x$$'}},
}
