"""Assertions guarded by contradictory / unsatisfiable conditions: never reachable."""


def order(x: int, y: int) -> str:
    if x > 10 and y > x:
        if y < 5:
            raise AssertionError("unreachable: y > x > 10 but y < 5")
        return "ordered"
    if x * x < 0:
        assert False, "squares are never negative"
    return "other"


EXPECTED = {
    "function": "order",
    "reach": ["return 'ordered'", "return 'other'"],
    "never": ["bug AssertionError"],
    "complete": True,
    "paths": 3,
    "witness": {
        "return 'ordered'": {"x": 11, "y": 12},
        "return 'other'": {"x": 0, "y": 0},
    },
}
