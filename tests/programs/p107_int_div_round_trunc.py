"""round() and int() of an int's true division: round halves to even (round(25 / 10)
is 2, round(35 / 10) is 4), int() truncates toward zero (int(-9 / 4) is -2).
"""


def tenths(n: int) -> str:
    if n < -10**6 or n > 10**6:
        return "out_of_range"
    if int(n / 4) == -2:
        return "minus_two"
    r = round(n / 10)
    if r == 2 and n % 10 == 5:
        return "tie_down"
    if r == 4 and n % 10 == 5:
        return "tie_up"
    if r == 3:
        return "three"
    return "other"


EXPECTED = {
    "function": "tenths",
    "reach": [
        "return 'out_of_range'",
        "return 'minus_two'",
        "return 'tie_down'",
        "return 'tie_up'",
        "return 'three'",
        "return 'other'",
    ],
    "never": ["bug OverflowError"],
    "complete": True,
    "grid": {"n": [25, 35, 26, 34, 10**6 + 1]},
    "witness": {
        "return 'out_of_range'": {"n": 10**7},
        "return 'minus_two'": {"n": -9},
        "return 'tie_down'": {"n": 25},
        "return 'tie_up'": {"n": 35},
        "return 'three'": {"n": 30},
        "return 'other'": {"n": 0},
    },
}
