"""`**` with a symbolic exponent that the program bounds (0 <= e <= 80): 2**e past 2**64
and 3**e == 243, exactly."""


def power(e: int) -> str:
    if not 0 <= e <= 80:
        return "out_of_range"
    v = 2**e
    if v == 1024:
        return "kibi"
    if v > 2**64:
        return "past_64_bits"
    if 3**e == 243:
        return "three_to_five"
    return "small"


EXPECTED = {
    "function": "power",
    "reach": [
        "return 'out_of_range'",
        "return 'kibi'",
        "return 'past_64_bits'",
        "return 'three_to_five'",
        "return 'small'",
    ],
    "never": [],
    "complete": True,
    # e < 0; e > 80; kibi; past_64_bits; three_to_five; small
    "paths": 6,
    "witness": {
        "return 'out_of_range'": {"e": 81},
        "return 'kibi'": {"e": 10},
        "return 'past_64_bits'": {"e": 65},
        "return 'three_to_five'": {"e": 5},
        "return 'small'": {"e": 64},
    },
}
