"""A nested container, list[tuple[str, int]]: who has the best score (the first entry,
a later one, an unnamed one) or a tie between different names."""


def best(scores: list[tuple[str, int]]) -> str:
    if not scores:
        return "nobody"
    top_name, top = scores[0]
    tie = False
    for name, score in scores[1:]:
        if score > top:
            top_name, top, tie = name, score, False
        elif score == top and name != top_name:
            tie = True
    if tie:
        return "tie"
    if not top_name:
        return "winner_anonymous"
    return "winner_first" if top_name == scores[0][0] else "winner_later"


EXPECTED = {
    "function": "best",
    "reach": [
        "return 'nobody'",
        "return 'tie'",
        "return 'winner_first'",
        "return 'winner_later'",
        "return 'winner_anonymous'",
    ],
    "never": ["bug IndexError"],
    "complete": True,
    "max_len": 3,
    "max_str_len": 1,
    "alphabet": "ab",
    "witness": {
        "return 'nobody'": {"scores": []},
        "return 'tie'": {"scores": [("a", 1), ("b", 1)]},
        "return 'winner_first'": {"scores": [("b", 1), ("b", 1)]},
        "return 'winner_later'": {"scores": [("b", 1), ("a", 2)]},
        "return 'winner_anonymous'": {"scores": [("", 0)]},
    },
}
