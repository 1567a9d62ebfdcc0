"""A target for the Ray fault test: every path with x == 4242 fails an assertion, and
below the first of them are 16 more (y's residues), more than one of the test's
chunks, so the actor that finds the first bug still holds work when it is killed."""


def scan(a: int, b: int, x: int, y: int) -> int:
    n = 0
    if a > 10:
        n += 1
    if b > 10:
        n += 1
    if x == 4242:
        for m in (2, 3, 5, 7):
            if y % m == 0:
                n += m
        assert n < 0, f"x is 4242 (n={n})"
    return n
