"""Returns a list that contains itself."""


def f(x: int):
    v = [x]
    v.append(v)
    return v
