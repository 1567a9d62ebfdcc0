"""range(n) with a symbolic bound that the program limits to 0..6 (triangular numbers)."""


def triangle(n: int) -> int:
    if n < 0 or n > 6:
        return -1
    total = 0
    for i in range(n):
        total += i
    return total


EXPECTED = {
    "function": "triangle",
    "reach": ["return -1", "return 0", "return 1", "return 3", "return 6", "return 10", "return 15"],
    "never": [],
    "complete": True,
    # n < 0; n > 6; one path per n in 0..6
    "paths": 9,
    "witness": {
        "return -1": {"n": 7},
        "return 0": {"n": 1},
        "return 1": {"n": 2},
        "return 3": {"n": 3},
        "return 6": {"n": 4},
        "return 10": {"n": 5},
        "return 15": {"n": 6},
    },
}
