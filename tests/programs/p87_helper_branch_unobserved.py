"""A bug on a branch of a helper whose result the caller never tests: a search that
explores only the caller's paths and abstracts the call (LATEST reported `complete`
here without it, issue 12) misses it; DART reaches it by negating the helper's branch."""


def shift(a: int, b: int) -> int:
    if a != -3:
        return a - b
    return b // (a + 3)


def top(x: int, y: int) -> int:
    if x < -8 or x > 8 or y < -8 or y > 8:
        return 0
    shift(x, y)
    if x != -2:
        return 1
    return 2


EXPECTED = {
    "function": "top",
    "reach": ["return 0", "return 1", "return 2", "bug ZeroDivisionError"],
    "never": [],
    "complete": True,
    "paths": 7,
    "witness": {
        "return 0": {"x": 9, "y": 0},
        "return 1": {"x": 0, "y": 0},
        "return 2": {"x": -2, "y": 0},
        "bug ZeroDivisionError": {"x": -3, "y": 0},
    },
}
