"""Recursion over a list: the maximum of xs computed on xs[1:], then where it lies."""


def max_rec(xs: list[int]) -> int:
    if len(xs) == 1:
        return xs[0]
    rest = max_rec(xs[1:])
    return xs[0] if xs[0] > rest else rest


def where_max(xs: list[int]) -> str:
    if not xs:
        return "empty"
    m = max_rec(xs)
    if m == xs[0]:
        return "first"
    if m == xs[-1]:
        return "last"
    return "middle"


EXPECTED = {
    "function": "where_max",
    "reach": ["return 'empty'", "return 'first'", "return 'last'", "return 'middle'"],
    "never": ["bug IndexError", "bug RecursionError"],
    "complete": True,
    "max_len": 3,
    "witness": {
        "return 'empty'": {"xs": []},
        "return 'first'": {"xs": [3, 1, 3]},
        "return 'last'": {"xs": [1, 2]},
        "return 'middle'": {"xs": [1, 5, 2]},
    },
}
