"""int(s) / str(n) round trip: whitespace, '+', leading zeros and '_' are accepted by
int() but are not canonical. The ValueError from int() is caught."""


def canonical(s: str) -> str:
    try:
        n = int(s)
    except ValueError:
        return "invalid"
    if str(n) != s:
        if s[0] == " " or s[-1] == " ":
            return "padded"
        return "noncanonical"
    if n < 0:
        return "negative"
    return "canonical"


EXPECTED = {
    "function": "canonical",
    "reach": [
        "return 'invalid'",
        "return 'padded'",
        "return 'noncanonical'",
        "return 'negative'",
        "return 'canonical'",
    ],
    "never": ["bug IndexError", "bug ValueError"],
    "complete": True,
    "witness": {
        "return 'invalid'": {"s": "z"},
        "return 'padded'": {"s": " 12 "},
        "return 'noncanonical'": {"s": "+1"},
        "return 'negative'": {"s": "-3"},
        "return 'canonical'": {"s": "5"},
    },
}
