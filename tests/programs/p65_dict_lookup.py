"""dict[str, int] input: `in d.keys()`, d[key], d.get with a default, iteration over
items."""


def lookup(d: dict[str, int], key: str) -> str:
    if key in d.keys():
        return "positive" if d[key] > 0 else "non_positive"
    if d.get(key.upper(), 0) == 5:
        return "upper_five"
    total = 0
    for _, v in d.items():
        total += v
    if len(d) == 2 and total == 0:
        return "balanced"
    return "missing"


EXPECTED = {
    "function": "lookup",
    "reach": [
        "return 'positive'",
        "return 'non_positive'",
        "return 'upper_five'",
        "return 'balanced'",
        "return 'missing'",
    ],
    "never": ["bug KeyError"],
    "complete": True,
    "max_len": 2,
    "max_str_len": 1,
    # verify.py: a key, its upper case, another key
    "alphabet": "aAb",
    "witness": {
        "return 'positive'": {"d": {"a": 1}, "key": "a"},
        "return 'non_positive'": {"d": {"a": 0, "b": 2}, "key": "a"},
        "return 'upper_five'": {"d": {"A": 5}, "key": "a"},
        "return 'balanced'": {"d": {"a": 1, "b": -1}, "key": ""},
        "return 'missing'": {"d": {}, "key": "b"},
    },
}
