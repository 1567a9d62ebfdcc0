"""set[int] input: membership, len, add on a copy, neighbours by membership."""


def classify(s: set[int], x: int) -> str:
    if x in s:
        return "member"
    t = set(s)
    t.add(x)
    if len(t) == 1:
        return "was_empty"
    if len(t) == 4:
        return "now_full"
    if x + 1 in s or x - 1 in s:
        return "neighbour"
    return "apart"


EXPECTED = {
    "function": "classify",
    "reach": [
        "return 'member'",
        "return 'was_empty'",
        "return 'now_full'",
        "return 'neighbour'",
        "return 'apart'",
    ],
    "never": [],
    "complete": True,
    "max_len": 3,
    "witness": {
        "return 'member'": {"s": {1, 2}, "x": 2},
        "return 'was_empty'": {"s": set(), "x": 5},
        "return 'now_full'": {"s": {0, 1, 2}, "x": 9},
        "return 'neighbour'": {"s": {4}, "x": 3},
        "return 'apart'": {"s": {-4, 4}, "x": 0},
    },
}
