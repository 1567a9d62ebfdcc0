"""chr() on an int: a ValueError bug past the last code point (0x10FFFF)."""


def code_point(n: int) -> str:
    if n < 0:
        raise ValueError("negative code point")
    c = chr(n + 1)
    if c == "B":
        return "B"
    if "a" <= c <= "z":
        return "lower"
    if ord(c) >= 0x10000:
        return "astral"
    return "other"


EXPECTED = {
    "function": "code_point",
    "reach": [
        "raise ValueError",
        "bug ValueError",
        "return 'B'",
        "return 'lower'",
        "return 'astral'",
        "return 'other'",
    ],
    "never": [],
    "complete": True,
    "witness": {
        "raise ValueError": {"n": -1},
        "bug ValueError": {"n": 1114111},
        "return 'B'": {"n": 65},
        "return 'lower'": {"n": 96},
        "return 'astral'": {"n": 65535},
        "return 'other'": {"n": 0},
    },
}
