"""A while loop with a data-dependent body (Collatz steps), capped at 5 iterations."""


def collatz(n: int) -> str:
    if n < 0:
        raise ValueError("negative")
    steps = 0
    while n > 1 and steps < 5:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    if n == 1:
        return "one"
    if n == 0:
        return "zero"
    return "gave_up"


EXPECTED = {
    "function": "collatz",
    "reach": [
        "raise ValueError",
        "return 'one'",
        "return 'zero'",
        "return 'gave_up'",
    ],
    "never": [],
    "complete": True,
    # raise, n=0, n=1; for n>=2: 13 parity sequences of 5 steps without two odd
    # steps in a row (3n+1 is even), plus 6 ways to reach 1 within 5 steps
    "paths": 22,
    # verify.py: extra grid values (the parity sequences need n up to 64)
    "grid": {"n": list(range(100))},
    "witness": {
        "raise ValueError": {"n": -1},
        "return 'one'": {"n": 16},
        "return 'zero'": {"n": 0},
        "return 'gave_up'": {"n": 7},
    },
}
