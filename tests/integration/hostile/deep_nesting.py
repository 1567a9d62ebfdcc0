"""Returns a list nested 3,000 deep."""


def f(x: int):
    v = []
    for _ in range(3000):
        v = [v]
    return v
