"""float(n) for integers past 2**53 and past the largest double.

int == float compares exactly in Python (2**53 + 1 != float(2**53 + 1)).  Past 2**54
the spacing of doubles is 4, so 2**54 + 1 and 2**54 + 2 both round to 2**54.  float(n)
raises OverflowError once n rounds past the largest double (n >= 2**1024 - 2**970).
"""


def to_float(n: int) -> str:
    f = float(n)
    if f == n:
        return "exact"
    if float(n + 1) == f:
        return "absorbs_next"
    return "inexact"


EXPECTED = {
    "function": "to_float",
    "reach": [
        "return 'exact'",
        "return 'absorbs_next'",
        "return 'inexact'",
        "bug OverflowError",
    ],
    "never": [],
    "complete": True,
    # verify.py: extra grid values around 2**53, 2**54 and the overflow threshold
    "grid": {"n": [s * (2**k + d) for s in (1, -1) for k in (53, 54, 64) for d in range(-3, 4)]
             + [2**1024 - 2**970 - 1, 2**1024 - 2**970, -(2**1024)]},
    "witness": {
        "return 'exact'": {"n": 2**53},
        "return 'absorbs_next'": {"n": 2**54 + 1},
        "return 'inexact'": {"n": 2**53 + 1},
        "bug OverflowError": {"n": 2**1024},
    },
}
