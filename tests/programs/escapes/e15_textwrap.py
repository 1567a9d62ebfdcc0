"""textwrap.dedent: library Python code that runs re on the input.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import textwrap


def f(s: str) -> int:
    if textwrap.dedent(s) == "a":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'witness': {'return 0': {'s': ''}, 'return 1': {'s': 'a'}},
}
