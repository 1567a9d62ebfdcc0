"""Two helpers, one on each side of a branch on `a`, and a second call of the first
(tests/integration/test_parallel_compositional.py): under SMART with two workers the
coordinator summarizes the helper its first run meets, then hands the other side of
`a > 0` to a worker as a region, so the other helper's summary is found in a worker
and must travel to the coordinator's report."""


def classify(x: int) -> int:
    if x < 0:
        return -1
    if x == 0:
        return 0
    if x < 10:
        return 1
    return 2


def bucket(s: str) -> int:
    if s == "":
        return 0
    if s.startswith("a"):
        return 1
    if s.endswith("z"):
        return 3
    return 2


def route(a: int, x: int, s: str) -> int:
    if a > 0:
        c = classify(x)
        if c == 2 and classify(a) == 1:
            raise ValueError("large x, small a")
        return c
    b = bucket(s)
    if b == 3 and a < -50:
        raise KeyError("z and very negative a")
    return b
