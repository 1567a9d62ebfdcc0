"""A caller that calls one small helper in a loop (incdec's shape, small constants):
every side of the loop past a dozen calls is asked under the helpers' summaries."""


def step(v: int) -> int:
    if v > 30:
        return v - 4
    return v - 1


def bump(v: int) -> int:
    if v >= 60:
        return 60
    return v + 1


def countdown(x: int) -> int:
    for _ in range(3):
        x = bump(x)
    steps = 0
    while x > 10:
        x = step(x)
        steps += 1
    return steps
