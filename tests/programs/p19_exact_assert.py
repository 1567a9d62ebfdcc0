"""An assertion that fails for exactly one input: (x-5)*3 // 4 == 37 only for x == 55."""


def scale(x: int) -> str:
    y = (x - 5) * 3
    if y > 100:
        z = y // 4
        assert z != 37, "only x == 55 gets here"
        return "big"
    return "small"


EXPECTED = {
    "function": "scale",
    "reach": ["bug AssertionError", "return 'big'", "return 'small'"],
    "never": [],
    "complete": True,
    "witness": {
        "bug AssertionError": {"x": 55},
        "return 'big'": {"x": 100},
        "return 'small'": {"x": 0},
    },
}
