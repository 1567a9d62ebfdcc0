"""A bug behind a word longer than the starting bound of 2: found only by a deepening
round, with branches enough on the way for the workers to split."""


def tag(word: str, n: int) -> int:
    if n > 10:
        if n > 20:
            return 4
        if word == "deeper":
            assert n != 15, "n is 15"
            return 3
        return 2
    if word.startswith("a"):
        return 1
    return 0
