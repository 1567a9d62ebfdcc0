"""math.floor and math.ceil of an int's true division: n / 3 is the exact quotient
rounded once to a double, and floor(n / 3) == 7 holds for n in 21..23 only.

Past the double range n / 3 raises OverflowError (CPython checks the rounded
quotient), so an engine over unbounded ints reaches that outcome too.
"""
import math


def thirds(n: int) -> str:
    if math.floor(n / 3) == 7:
        return "seven"
    if math.ceil(n / 3) == -2:
        return "minus_two"
    return "other"


EXPECTED = {
    "function": "thirds",
    "reach": [
        "return 'seven'",
        "return 'minus_two'",
        "return 'other'",
        "bug OverflowError",
    ],
    "never": [],
    "complete": True,
    # verify.py: n / 3 overflows once n rounds past the largest double
    "grid": {"n": [2**1100, -(2**1100), 3 * 2**1023, 2**1024]},
    "witness": {
        "return 'seven'": {"n": 23},
        "return 'minus_two'": {"n": -6},
        "return 'other'": {"n": 24},
        "bug OverflowError": {"n": 2**1100},
    },
}
