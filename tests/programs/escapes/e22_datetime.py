"""datetime.date (C) built from the inputs.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import datetime


def f(d: int) -> int:
    try:
        day = datetime.date(2024, 1, d)
    except ValueError:
        return -1
    if day.weekday() == 0:
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return -1', 'return 0', 'return 1'],
    'witness': {'return -1': {'d': 0}, 'return 0': {'d': 2}, 'return 1': {'d': 1}},
}
