"""Number helpers: a sign parser that raises on bad input and a clamp with a nested
conditional expression."""


def sign_of(ch: str) -> int:
    if ch == "-":
        return -1
    if ch == "+":
        return 1
    raise ValueError(f"not a sign: {ch!r}")


def clamp(v: int, lo: int, hi: int) -> int:
    return lo if v < lo else hi if v > hi else v
