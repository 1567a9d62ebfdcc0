"""`and` / `or` guarding runtime errors (empty-list indexing, division by zero) and `or`
/ `and` returning operand values; the guarded errors can never happen."""


def guarded(xs: list[int], d: int) -> str:
    if xs and xs[0] == 0:
        return "leading_zero"
    if d != 0 and 12 // d == 4:
        return "divides_to_4"
    if len(xs) > 1 and xs[1] < 0 or d < -10:
        return "negative_second_or_small_d"
    kind = xs and "list" or "none"
    if (xs[-1] if xs else d) > 5:
        return kind + "_big"
    return kind + "_small"


EXPECTED = {
    "function": "guarded",
    "reach": [
        "return 'leading_zero'",
        "return 'divides_to_4'",
        "return 'negative_second_or_small_d'",
        "return 'list_big'",
        "return 'list_small'",
        "return 'none_big'",
        "return 'none_small'",
    ],
    "never": ["bug IndexError", "bug ZeroDivisionError"],
    "complete": True,
    "max_len": 3,
    "witness": {
        "return 'leading_zero'": {"xs": [0], "d": 0},
        "return 'divides_to_4'": {"xs": [], "d": 3},
        "return 'negative_second_or_small_d'": {"xs": [1, -1], "d": 0},
        "return 'list_big'": {"xs": [1, 6], "d": 0},
        "return 'list_small'": {"xs": [9, 5], "d": 0},
        "return 'none_big'": {"xs": [], "d": 6},
        "return 'none_small'": {"xs": [], "d": -10},
    },
}
