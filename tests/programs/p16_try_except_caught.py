"""int(s) inside try/except: the target catches the ValueError itself."""


def to_int(s: str) -> str:
    try:
        n = int(s)
    except ValueError:
        return "not_int"
    if n < 0:
        return "negative"
    if n == 7:
        return "seven"
    return "int"


EXPECTED = {
    "function": "to_int",
    "reach": [
        "return 'not_int'",
        "return 'negative'",
        "return 'seven'",
        "return 'int'",
    ],
    "never": ["bug ValueError"],
    "complete": True,
    "witness": {
        "return 'not_int'": {"s": "x"},
        "return 'negative'": {"s": "-1"},
        "return 'seven'": {"s": " 7 "},
        "return 'int'": {"s": "0"},
    },
}
