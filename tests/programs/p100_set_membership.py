"""Membership of a symbolic string in a constant set display."""


def switch(s: str) -> int:
    if s in {"on", "yes"}:
        return 1
    if s in {"off", "no"}:
        return 0
    return -1


EXPECTED = {
    "function": "switch",
    "reach": ["return 1", "return 0", "return -1"],
    "never": [],
    "complete": True,
    "max_str_len": 3,
    "witness": {"return 1": {"s": "on"}, "return 0": {"s": "no"}, "return -1": {"s": "x"}},
}
