"""The average of a list of ints: sum(xs) / len(xs) compared with float constants,
ZeroDivisionError for the empty list.
"""


def grade(xs: list[int]) -> str:
    for x in xs:
        if x < 0 or x > 100:
            return "invalid"
    avg = sum(xs) / len(xs)
    if avg >= 89.5:
        return "a"
    if avg == 50.5:
        return "middle"
    if avg < 10.0:
        return "low"
    return "c"


EXPECTED = {
    "function": "grade",
    "reach": [
        "return 'invalid'",
        "return 'a'",
        "return 'middle'",
        "return 'low'",
        "return 'c'",
        "bug ZeroDivisionError",
    ],
    "never": ["bug OverflowError"],
    "complete": True,
    "max_len": 2,
    "grid": {"xs": [[90], [50, 51], [100, 79], [89, 90], [20]]},
    "witness": {
        "return 'invalid'": {"xs": [-1]},
        "return 'a'": {"xs": [90]},
        "return 'middle'": {"xs": [50, 51]},
        "return 'low'": {"xs": [0]},
        "return 'c'": {"xs": [20]},
        "bug ZeroDivisionError": {"xs": []},
    },
}
