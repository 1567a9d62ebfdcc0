"""Returns a list subclass whose iteration raises."""


class Sneaky(list):
    def __iter__(self):
        raise RuntimeError("iter")


def f(x: int):
    return Sneaky([1, 2]) if x > 5 else [1]
