"""Targets for the interception tests: helpers, a class with methods, recursion."""


def sign(x: int) -> int:
    if x > 0:
        return 1
    if x < 0:
        return -1
    return 0


class Scale:
    factor = 3

    def times(self, x: int) -> int:
        return x * self.factor

    @staticmethod
    def half(x: int) -> int:
        return x // 2

    @classmethod
    def name(cls) -> str:
        return cls.__name__


def top(x: int, y: int) -> int:
    s = Scale()
    if sign(x) == sign(y):
        return s.times(x) + Scale.half(y)
    return len(Scale.name())
