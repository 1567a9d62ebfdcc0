"""calendar.isleap: library Python arithmetic, followed exactly.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import calendar


def f(y: int) -> int:
    if calendar.isleap(y):
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return 0', 'return 1'],
    'complete': True,
    'witness': {'return 0': {'y': 1900}, 'return 1': {'y': 2000}},
}
