"""A @given test whose bug Hypothesis's default backend misses and backend="smartest" finds.

`loyalty_points` divides by a weighted balance of nights and vouchers, and the balance
is zero only when 13 * nights - 31 * vouchers == 4 (17 nights and 7 vouchers, 48 and
20, ...): about three pairs in a million, so random and boundary values never meet
one, while smartest solves the branch `balance > 0` the other way and lands on it.

    python examples/hypothesis_backend.py      # runs the property on both backends
    pytest examples/hypothesis_backend.py      # the smartest test fails with the pair

In your own suite the backend is one setting, once smartest is installed with the
`hypothesis` extra: `@settings(backend="smartest")` on a test, or a profile
(`settings.register_profile("smartest", backend="smartest", deadline=None)`) selected
with `pytest --hypothesis-profile=smartest`.
"""
from hypothesis import given, settings, strategies as st

import smartest_hypothesis

smartest_hypothesis.register()   # the entry point does this once smartest is installed


def loyalty_points(nights: int, vouchers: int) -> int:
    """100 points a night, plus a bonus that shrinks as vouchers outweigh nights."""
    points = 100 * nights
    balance = 13 * nights - 31 * vouchers - 4
    if balance > 0:
        points += 5_000 // balance
    elif balance < 0:
        points -= min(points, 10 * vouchers)
    else:
        # Bug: the even case was meant to add a flat bonus and divides by zero instead.
        points += 1_000 // balance
    return points


STAYS = (st.integers(1, 10_000), st.integers(0, 10_000))
SETTINGS = dict(max_examples=200, database=None, derandomize=True, deadline=None)


@settings(backend="hypothesis", **SETTINGS)
@given(*STAYS)
def test_points_default_backend(nights, vouchers):
    assert loyalty_points(nights, vouchers) >= 0


@settings(backend="smartest", **SETTINGS)
@given(*STAYS)
def test_points_smartest_backend(nights, vouchers):
    assert loyalty_points(nights, vouchers) >= 0


if __name__ == "__main__":
    for test in (test_points_default_backend, test_points_smartest_backend):
        try:
            test()
            print(f"{test.__name__}: passed (the bug was missed)")
        except ZeroDivisionError as e:
            notes = " ".join(" ".join(getattr(e, "__notes__", [])).split())
            print(f"{test.__name__}: found the bug ({e}). {notes}")
