"""Counting words of a list[str] into a dict with get(w, 0) + 1 and setdefault."""


def tally(words: list[str]) -> str:
    counts: dict[str, int] = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    distinct = len(counts)
    a_count = counts.setdefault("a", 0)
    if len(words) == 3 and distinct == 1:
        return "all_same"
    if a_count >= 2:
        return "a_twice"
    if distinct < len(words):
        return "repeat"
    return "unique"


EXPECTED = {
    "function": "tally",
    "reach": [
        "return 'all_same'",
        "return 'a_twice'",
        "return 'repeat'",
        "return 'unique'",
    ],
    "never": [],
    "complete": True,
    "max_len": 3,
    "max_str_len": 1,
    "alphabet": "ab",
    "witness": {
        "return 'all_same'": {"words": ["b", "b", "b"]},
        "return 'a_twice'": {"words": ["a", "b", "a"]},
        "return 'repeat'": {"words": ["", ""]},
        "return 'unique'": {"words": ["a", "b"]},
    },
}
