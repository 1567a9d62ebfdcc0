"""int(s, 2) with a sign: '-1' is -1, '101' is 5."""


def bits(s: str) -> int:
    try:
        v = int(s, 2)
    except ValueError:
        return 0
    if v < 0:
        return -1
    if v == 5:
        return 5
    return 1


EXPECTED = {
    "function": "bits",
    "reach": ["return 0", "return -1", "return 5", "return 1"],
    "never": [],
    "complete": True,
    "max_str_len": 3,
    "witness": {"return 0": {"s": "2"}, "return -1": {"s": "-1"}, "return 5": {"s": "101"}, "return 1": {"s": "1"}},
}
