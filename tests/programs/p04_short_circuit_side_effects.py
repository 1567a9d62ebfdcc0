"""Short-circuit and/or whose operands have side effects (a call counter).

The returned count tells how many operands were actually evaluated.
The counter is reset on entry, so every call is deterministic.
"""

CALLS = 0


def check(cond: bool) -> bool:
    global CALLS
    CALLS += 1
    return cond


def evaluate(x: int, y: int) -> object:
    global CALLS
    CALLS = 0
    if check(x > 0) and check(y > 0):
        return "both"
    if check(x < -5) or check(y < -5):
        return ("neg", CALLS)
    return ("none", CALLS)


EXPECTED = {
    "function": "evaluate",
    "reach": [
        "return 'both'",
        "return ('neg', 2)",
        "return ('neg', 3)",
        "return ('neg', 4)",
        "return ('none', 3)",
        "return ('none', 4)",
    ],
    "never": ["return ('none', 2)"],
    "complete": True,
    "paths": 6,
    "witness": {
        "return 'both'": {"x": 1, "y": 1},
        "return ('neg', 2)": {"x": -6, "y": 0},
        "return ('neg', 3)": {"x": 0, "y": -6},
        "return ('neg', 4)": {"x": 1, "y": -6},
        "return ('none', 3)": {"x": 0, "y": 0},
        "return ('none', 4)": {"x": 1, "y": 0},
    },
}
