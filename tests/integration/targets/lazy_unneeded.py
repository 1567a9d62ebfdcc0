"""A callee side that no abstract path of the caller needs (issue 12, LATEST): `cap`'s
capitalizing side runs only in abstract runs (while `count_b` is abstracted), since
the caller's one test of its result cannot hold (a count is never negative), so no
real run took it until the fallback negated it.  Seed 23 of the random programs."""


def cap(s: str) -> str:
    if s and s[0] == "a":
        return "A" + s[1:]
    return s


def count_b(t: str) -> int:
    n = 0
    for ch in t:
        if ch == "b":
            n += 1
    return n


def top(s: str, t: str) -> int:
    v0 = cap(s)
    v1 = count_b(t)
    if v1 < -1 and len(v0) == 5:
        raise AssertionError("never")
    return 0
