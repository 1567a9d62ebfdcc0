"""Raises a BaseException subclass."""


class Fatal(BaseException):
    pass


def f(x: int):
    if x > 5:
        raise Fatal("fatal")
    return x
