"""A nested container, list[tuple[str, int]]: the name with the best score, or a tie."""


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
    return "winner_" + (top_name or "anonymous")


EXPECTED = {
    "function": "best",
    "reach": [
        "return 'nobody'",
        "return 'tie'",
        "return 'winner_a'",
        "return 'winner_b'",
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
        "return 'winner_a'": {"scores": [("b", 1), ("a", 2)]},
        "return 'winner_b'": {"scores": [("b", 1), ("b", 1)]},
        "return 'winner_anonymous'": {"scores": [("", 0)]},
    },
}
