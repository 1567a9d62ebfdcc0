"""Returns an object whose __del__ raises."""


class Doomed:
    def __del__(self):
        raise RuntimeError("del")


def f(x: int):
    return Doomed() if x > 5 else 0
