"""A list[int] input: emptiness, a for loop summing, len, max over the list."""


def summarize(xs: list[int]) -> str:
    if not xs:
        return "empty"
    total = 0
    for x in xs:
        total += x
    if total == 10 and len(xs) == 3:
        return "ten_in_three"
    if max(xs) < 0:
        return "all_negative"
    if total > 0:
        return "positive"
    return "other"


EXPECTED = {
    "function": "summarize",
    "reach": [
        "return 'empty'",
        "return 'ten_in_three'",
        "return 'all_negative'",
        "return 'positive'",
        "return 'other'",
    ],
    "never": ["bug ValueError"],
    "complete": True,
    "max_len": 3,
    "witness": {
        "return 'empty'": {"xs": []},
        "return 'ten_in_three'": {"xs": [3, 3, 4]},
        "return 'all_negative'": {"xs": [-1, -2]},
        "return 'positive'": {"xs": [10]},
        "return 'other'": {"xs": [0, -1]},
    },
}
