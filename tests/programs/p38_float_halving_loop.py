"""A while loop on a float with a counter bound: NaN never enters, inf never leaves early."""


def halvings(x: float) -> int:
    steps = 0
    while x >= 1.0 and steps < 4:
        x = x / 2.0
        steps += 1
    return steps


EXPECTED = {
    "function": "halvings",
    "reach": ["return 0", "return 1", "return 2", "return 3", "return 4"],
    "never": [],
    "complete": True,
    # 0 steps; 1-3 steps ending on x < 1; 4 steps ending with x < 1 or with the counter
    "paths": 6,
    "witness": {
        "return 0": {"x": float("nan")},
        "return 1": {"x": 1.0},
        "return 2": {"x": 3.5},
        "return 3": {"x": 4.0},
        "return 4": {"x": float("inf")},
    },
}
