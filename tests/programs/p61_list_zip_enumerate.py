"""enumerate(zip(a, b)) over two lists of different symbolic lengths."""


def matches(a: list[int], b: list[int]) -> str:
    same = 0
    last = -1
    for i, (x, y) in enumerate(zip(a, b)):
        if x == y:
            same += 1
            last = i
    if len(a) != len(b):
        return "ragged"
    if same == len(a):
        return "identical"
    if last == 2:
        return "match_at_end"
    return "differ"


EXPECTED = {
    "function": "matches",
    "reach": [
        "return 'ragged'",
        "return 'identical'",
        "return 'match_at_end'",
        "return 'differ'",
    ],
    "never": [],
    "complete": True,
    "max_len": 3,
    "witness": {
        "return 'ragged'": {"a": [1], "b": []},
        "return 'identical'": {"a": [], "b": []},
        "return 'match_at_end'": {"a": [1, 2, 3], "b": [0, 0, 3]},
        "return 'differ'": {"a": [1, 2], "b": [1, 3]},
    },
}
