"""A symbolic key looked up in a constant dict with .get(): one outcome per key and
one for a missing key."""

TABLE = {"GET": 1, "PUT": 2, "RM": 3}


def verb(s: str) -> int:
    n = TABLE.get(s)
    if n is None:
        return 0
    return n * 10


EXPECTED = {
    "function": "verb",
    "reach": ["return 0", "return 10", "return 20", "return 30"],
    "never": [],
    "complete": True,
    "max_str_len": 3,
    "witness": {"return 0": {"s": "x"}, "return 10": {"s": "GET"}, "return 20": {"s": "PUT"}, "return 30": {"s": "RM"}},
}
