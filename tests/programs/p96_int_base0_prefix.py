"""int(s, 0): the base comes from the prefix (0x, 0o, 0b) and a leading zero allows only
zeros; the value decides."""


def literal(s: str) -> str:
    try:
        v = int(s, 0)
    except ValueError:
        return "invalid"
    if v == 5:
        return "five"
    if v == 0:
        return "zero"
    return "other"


EXPECTED = {
    "function": "literal",
    "reach": ["return 'invalid'", "return 'five'", "return 'zero'", "return 'other'"],
    "never": [],
    "complete": True,
    "max_str_len": 2,
    "witness": {"return 'invalid'": {"s": "05"}, "return 'five'": {"s": "5"},
                "return 'zero'": {"s": "00"}, "return 'other'": {"s": "7"}},
}
