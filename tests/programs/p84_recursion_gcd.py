"""Euclid's algorithm by recursion on two ints the program bounds to 0..8: finitely
many paths (one per sequence of remainders)."""


def gcd(a: int, b: int) -> int:
    if b == 0:
        return a
    return gcd(b, a % b)


def relation(a: int, b: int) -> str:
    if not (0 <= a <= 8 and 0 <= b <= 8):
        return "out_of_range"
    g = gcd(a, b)
    if g == 0:
        return "both_zero"
    if g == 1:
        return "coprime"
    return "shared"


EXPECTED = {
    "function": "relation",
    "reach": ["return 'out_of_range'", "return 'both_zero'", "return 'coprime'", "return 'shared'"],
    "never": ["bug RecursionError", "bug ZeroDivisionError"],
    "complete": True,
    # out of range by each of the 4 comparisons; in range, one path per number of
    # Euclid steps and final test (counted exhaustively over 0..8 x 0..8)
    "paths": 15,
    "witness": {
        "return 'out_of_range'": {"a": 9, "b": 0},
        "return 'both_zero'": {"a": 0, "b": 0},
        "return 'coprime'": {"a": 8, "b": 5},
        "return 'shared'": {"a": 6, "b": 4},
    },
}
