"""An async function: calling it would not run its body."""


async def f(x: int):
    if x > 5:
        return 1
    return 0
