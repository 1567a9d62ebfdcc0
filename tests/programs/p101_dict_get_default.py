"""dict.get with a default, a symbolic int key and arithmetic on the value."""

WEIGHTS = {1: 10, 2: 20, 3: 30}


def weight(n: int) -> str:
    w = WEIGHTS.get(n, -1)
    if w < 0:
        return "unknown"
    if w > 15:
        return "heavy"
    return "light"


EXPECTED = {
    "function": "weight",
    "reach": ["return 'unknown'", "return 'heavy'", "return 'light'"],
    "never": [],
    "complete": True,
    "witness": {"return 'unknown'": {"n": 0}, "return 'heavy'": {"n": 2}, "return 'light'": {"n": 1}},
}
