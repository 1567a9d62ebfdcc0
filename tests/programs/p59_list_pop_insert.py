"""list.pop(i) with a symbolic (possibly negative) index on a copy of the input, then
insert and append; pop of an empty list or out of range is an IndexError bug."""


def rotate(xs: list[int], i: int) -> str:
    ys = list(xs)
    v = ys.pop(i)
    ys.insert(0, v)
    ys.append(v)
    assert ys[0] == ys[-1]
    if v == 7:
        return "seven"
    if len(ys) == 2:
        return "was_single"
    return "other"


EXPECTED = {
    "function": "rotate",
    "reach": [
        "return 'seven'",
        "return 'was_single'",
        "return 'other'",
        "bug IndexError",
    ],
    "never": ["bug AssertionError"],
    "complete": True,
    "max_len": 3,
    "witness": {
        "return 'seven'": {"xs": [1, 7], "i": -1},
        "return 'was_single'": {"xs": [3], "i": 0},
        "return 'other'": {"xs": [1, 2, 3], "i": -3},
        "bug IndexError": {"xs": [1, 2], "i": 2},
    },
}
