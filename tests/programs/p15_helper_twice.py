"""A branching helper function called twice with different arguments."""


def bucket(v: int) -> int:
    if v < 0:
        return 0
    if v < 10:
        return 1
    return 2


def trend(x: int, y: int) -> str:
    a = bucket(x)
    b = bucket(y - x)
    if a == b:
        return "same"
    if a > b:
        return "down"
    return "up"


EXPECTED = {
    "function": "trend",
    "reach": ["return 'same'", "return 'down'", "return 'up'"],
    "never": [],
    "complete": True,
    "paths": 9,
    "witness": {
        "return 'same'": {"x": 0, "y": 0},
        "return 'down'": {"x": 5, "y": 0},
        "return 'up'": {"x": -1, "y": 0},
    },
}
