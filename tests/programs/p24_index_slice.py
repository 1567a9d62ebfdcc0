"""str indexing (negative index) and slicing; IndexError bug on the empty string."""


def pick(s: str) -> str:
    if len(s) >= 2 and s[-2] == "x":
        return "x_second_last"
    if s[1:3] == "bc":
        return "bc_inside"
    if s[0] == "q":
        return "q_first"
    return "other"


EXPECTED = {
    "function": "pick",
    "reach": [
        "return 'x_second_last'",
        "return 'bc_inside'",
        "return 'q_first'",
        "return 'other'",
        "bug IndexError",
    ],
    "never": [],
    "complete": True,
    "witness": {
        "return 'x_second_last'": {"s": "xa"},
        "return 'bc_inside'": {"s": "abc"},
        "return 'q_first'": {"s": "q"},
        "return 'other'": {"s": "a"},
        "bug IndexError": {"s": ""},
    },
}
