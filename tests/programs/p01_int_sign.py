"""Simple integer branching: an if/elif ladder on one int."""


def classify(x: int) -> str:
    if x < 0:
        return "neg"
    elif x == 0:
        return "zero"
    elif x < 10:
        return "small"
    return "big"


EXPECTED = {
    "function": "classify",
    "reach": ["return 'neg'", "return 'zero'", "return 'small'", "return 'big'"],
    "never": [],
    "complete": True,
    "paths": 4,
    "witness": {
        "return 'neg'": {"x": -1},
        "return 'zero'": {"x": 0},
        "return 'small'": {"x": 5},
        "return 'big'": {"x": 10},
    },
}
