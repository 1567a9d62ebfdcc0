"""str(n) comparisons on an int; a TypeError bug ('str' + int) on one exact value."""


def describe(n: int) -> str:
    s = str(n)
    if s == "-0":
        return "impossible"
    if s == "13":
        return "unlucky" + n  # type: ignore[operator]  # deliberate bug: forgot str()
    if len(s) == 3 and s[0] == "-":
        return "neg_two_digit"
    if s.endswith("00"):
        return "round"
    if s[0] == "7":
        return "starts7"
    return "other"


EXPECTED = {
    "function": "describe",
    "reach": [
        "bug TypeError",
        "return 'neg_two_digit'",
        "return 'round'",
        "return 'starts7'",
        "return 'other'",
    ],
    "never": ["return 'impossible'", "bug IndexError"],
    "complete": True,
    "witness": {
        "bug TypeError": {"n": 13},
        "return 'neg_two_digit'": {"n": -10},
        "return 'round'": {"n": 100},
        "return 'starts7'": {"n": 7},
        "return 'other'": {"n": 1},
    },
}
