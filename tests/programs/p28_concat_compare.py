"""String concatenation of two inputs, equality and lexicographic `<`."""


def join(a: str, b: str) -> str:
    c = a + b
    if c == "abc":
        if len(a) == 1:
            return "split_1_2"
        return "split_other"
    if a < b:
        return "less"
    if a == b:
        return "same"
    return "greater"


EXPECTED = {
    "function": "join",
    "reach": [
        "return 'split_1_2'",
        "return 'split_other'",
        "return 'less'",
        "return 'same'",
        "return 'greater'",
    ],
    "never": [],
    "complete": True,
    "paths": 5,
    "witness": {
        "return 'split_1_2'": {"a": "a", "b": "bc"},
        "return 'split_other'": {"a": "ab", "b": "c"},
        "return 'less'": {"a": "", "b": "a"},
        "return 'same'": {"a": "", "b": ""},
        "return 'greater'": {"a": "b", "b": "a"},
    },
}
