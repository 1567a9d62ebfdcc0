"""Returns an object whose ==, hash, len and bool raise."""


class Hostile:
    def __eq__(self, other):
        raise RuntimeError("eq")

    def __hash__(self):
        raise RuntimeError("hash")

    def __len__(self):
        raise RuntimeError("len")

    def __bool__(self):
        raise RuntimeError("bool")


def f(x: int):
    return Hostile() if x > 5 else 0
