"""Nested conditions on two ints, including a non-linear test (x**2 + y**2 == 25)."""


def compare(x: int, y: int) -> str:
    if x > y:
        if x - y > 100:
            return "far"
        return "near"
    if x ** 2 + y ** 2 == 25:
        return "circle"
    if x == y:
        return "equal"
    return "less"


EXPECTED = {
    "function": "compare",
    "reach": [
        "return 'far'",
        "return 'near'",
        "return 'circle'",
        "return 'equal'",
        "return 'less'",
    ],
    "never": [],
    "complete": True,
    "paths": 5,
    "witness": {
        "return 'far'": {"x": 101, "y": 0},
        "return 'near'": {"x": 1, "y": 0},
        "return 'circle'": {"x": -3, "y": 4},
        "return 'equal'": {"x": 2, "y": 2},
        "return 'less'": {"x": 0, "y": 1},
    },
}
