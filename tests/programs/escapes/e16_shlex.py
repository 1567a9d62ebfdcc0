"""shlex.split: library Python code over io.StringIO.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import shlex


def f(s: str) -> int:
    try:
        parts = shlex.split(s)
    except ValueError:
        return -1
    if len(parts) == 2:
        return 2
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return -1', 'return 0', 'return 2'],
    'witness': {'return -1': {'s': "'"}, 'return 0': {'s': ''}, 'return 2': {'s': 'a b'}},
}
