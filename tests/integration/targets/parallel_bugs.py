"""A bug reached by a worker after some exploration, beside enough paths for two
workers (the test kills the worker that finds it)."""


def scan(s: str, n: int) -> int:
    count = 0
    for ch in s:            # a comb of paths: a subtree per prefix, for the workers to split
        if ch == "x":
            count += 1
    if n == 3:
        assert count != 2, "two x and n 3"
    if n > 50:
        return count + 100
    return count
