"""A fully verified check (`verified="True"`) in a callee prunes every run that
violates it: those inputs are outside the function's domain.  The side `x == 1` of
`step` is first run on such an input (the check in `settle` then fails), so a
search that counts a side as covered by any run ends `complete` without an input in
the domain through it, although `x=1, y=-3` is one.  DART negates the pruned run's
branches and finds it; demand-driven search ended `complete` after 4 runs without
it (issue 12, found by the relative-completeness suite on an annotated random
program, benchmarks/relative.py --guided-random).  Annotated, so not in the corpus
(tests/programs holds plain Python): tests/integration/test_relative_completeness.py
runs it."""
import smartest


def settle(total: int) -> int:
    smartest.check(total == -3, verified="True", message="unsettled")
    return total


def step(x: int) -> int:
    try:
        if x >= 0:
            if x != 1:
                return x
            smartest.check(x == 4, message="never four")
    except AssertionError:
        return 0
    return x


def f(x: int, y: int) -> int:
    total = step(x) + step(y)
    settle(total)
    return total


EXPECTED = {
    "function": "f",
    "reach": ["return -3"],
    "never": [],
    "complete": True,
    "witness": {
        "return -3": {"x": 1, "y": -3},
    },
}
