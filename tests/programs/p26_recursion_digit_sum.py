"""Recursion on a non-negative int (digit sum). Depth grows with n, so the
number of paths is infinite: a complete exploration is impossible.  Depth-first
search negates the deepest branch first and would dive forever; DART's depth bound
(`max_depth`, branches recorded per run) sends it back to the shallow branches."""


def digsum(n: int) -> int:
    if n < 10:
        return n
    return n % 10 + digsum(n // 10)


def digits(n: int) -> str:
    if n < 0:
        raise ValueError("negative")
    d = digsum(n)
    if d == 27:
        return "sum27"
    if d % 9 == 0:
        return "mult9"
    return "other"


EXPECTED = {
    "function": "digits",
    "reach": [
        "raise ValueError",
        "return 'sum27'",
        "return 'mult9'",
        "return 'other'",
    ],
    "never": [],
    "complete": False,
    "max_depth": 50,
    "witness": {
        "raise ValueError": {"n": -1},
        "return 'sum27'": {"n": 999},
        "return 'mult9'": {"n": 18},
        "return 'other'": {"n": 1},
    },
}
