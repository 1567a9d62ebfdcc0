"""A variadic tuple[int, ...] walked by index (range(len(t))): the longest run of equal
neighbours.  Each path is one pattern of equal/unequal neighbours."""


def longest_run(t: tuple[int, ...]) -> int:
    best = 0
    run = 0
    for k in range(len(t)):
        if k > 0 and t[k] == t[k - 1]:
            run += 1
        else:
            run = 1
        if run > best:
            best = run
    return best


EXPECTED = {
    "function": "longest_run",
    "reach": ["return 0", "return 1", "return 2", "return 3", "return 4"],
    "never": ["bug IndexError"],
    "complete": True,
    "max_len": 4,
    # 2**(n-1) neighbour patterns for n = 1..4, plus the empty tuple: 1+1+2+4+8
    "paths": 16,
    "witness": {
        "return 0": {"t": ()},
        "return 1": {"t": (1, 2)},
        "return 2": {"t": (1, 1, 2)},
        "return 3": {"t": (0, 2, 2, 2)},
        "return 4": {"t": (5, 5, 5, 5)},
    },
}
