"""bool parameters combined with `and`, `or`, `not` and an int."""


def mode(flag: bool, verbose: bool, n: int) -> str:
    if flag and not verbose:
        if n > 0:
            return "fast"
        return "fast_noop"
    if flag or n == 3:
        return "slow"
    return "off"


EXPECTED = {
    "function": "mode",
    "reach": [
        "return 'fast'",
        "return 'fast_noop'",
        "return 'slow'",
        "return 'off'",
    ],
    "never": [],
    "complete": True,
    "paths": 5,
    "witness": {
        "return 'fast'": {"flag": True, "verbose": False, "n": 1},
        "return 'fast_noop'": {"flag": True, "verbose": False, "n": 0},
        "return 'slow'": {"flag": False, "verbose": False, "n": 3},
        "return 'off'": {"flag": False, "verbose": True, "n": 0},
    },
}
