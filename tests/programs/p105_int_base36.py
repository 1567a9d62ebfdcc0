"""int(s, 36): letters are digits 10..35, either case."""


def b36(s: str) -> str:
    try:
        v = int(s, 36)
    except ValueError:
        return "bad"
    if v == 35:
        return "z"
    if v > 35:
        return "big"
    return "small"


EXPECTED = {
    "function": "b36",
    "reach": ["return 'bad'", "return 'z'", "return 'big'", "return 'small'"],
    "never": [],
    "complete": True,
    "max_str_len": 2,
    "witness": {"return 'bad'": {"s": "!"}, "return 'z'": {"s": "Z"}, "return 'big'": {"s": "10"},
                "return 'small'": {"s": "a"}},
}
