"""sorted() and reversed() of a list[int], compared with the input list."""


def order(xs: list[int]) -> str:
    s = sorted(xs)
    if len(xs) < 2:
        return "trivial"
    if s == xs:
        return "ascending"
    if list(reversed(xs)) == s:
        return "descending"
    return "unsorted"


EXPECTED = {
    "function": "order",
    "reach": [
        "return 'trivial'",
        "return 'ascending'",
        "return 'descending'",
        "return 'unsorted'",
    ],
    "never": [],
    "complete": True,
    "max_len": 3,
    "witness": {
        "return 'trivial'": {"xs": [5]},
        "return 'ascending'": {"xs": [2, 2]},
        "return 'descending'": {"xs": [3, 1, 1]},
        "return 'unsorted'": {"xs": [1, 3, 2]},
    },
}
