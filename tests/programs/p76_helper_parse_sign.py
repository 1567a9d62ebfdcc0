"""A helper (helpers/numbers.py) that raises ValueError, caught here; a chained
comparison on characters; a helper clamp with a nested conditional expression."""
from helpers.numbers import clamp, sign_of


def signed_digit(s: str) -> str:
    if len(s) != 2:
        return "wrong_length"
    try:
        sign = sign_of(s[0])
    except ValueError:
        return "no_sign"
    if not "0" <= s[1] <= "9":
        return "no_digit"
    value = clamp(sign * (ord(s[1]) - 48), -5, 5)
    if value == 5:
        return "clamped_high"
    if value == -5:
        return "clamped_low"
    return "in_range"


EXPECTED = {
    "function": "signed_digit",
    "reach": [
        "return 'wrong_length'",
        "return 'no_sign'",
        "return 'no_digit'",
        "return 'clamped_high'",
        "return 'clamped_low'",
        "return 'in_range'",
    ],
    "never": ["bug ValueError", "bug IndexError"],
    "complete": True,
    "max_str_len": 3,
    # wrong length; no sign; per sign ('-', '+'): below '0' / above '9', and 3 digit
    # paths through clamp and the two tests (clamped, exactly 5 in magnitude, in range)
    "paths": 12,
    "alphabet": "-+x/0459:",
    "witness": {
        "return 'wrong_length'": {"s": "+"},
        "return 'no_sign'": {"s": "x1"},
        "return 'no_digit'": {"s": "+:"},
        "return 'clamped_high'": {"s": "+7"},
        "return 'clamped_low'": {"s": "-5"},
        "return 'in_range'": {"s": "-0"},
    },
}
