"""io.StringIO holding the input, read back by line.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import io


def f(s: str) -> int:
    line = io.StringIO(s).readline()
    if line == "ok\n":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'s': ''}, 'return 1': {'s': 'ok\n'}},
}
