"""Returns an object whose repr raises."""


class Bad:
    def __repr__(self):
        raise RuntimeError("repr")


def f(x: int):
    return Bad() if x > 5 else None
