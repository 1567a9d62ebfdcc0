"""float(s) on short strings: 'nan', 'inf', exponents, signs, surrounding spaces.

The ValueError of a malformed string is caught by the target.
"""
import math


def parse(s: str) -> str:
    try:
        f = float(s)
    except ValueError:
        return "invalid"
    if math.isnan(f):
        return "nan"
    if math.isinf(f):
        return "infinite"
    if f != math.floor(f):
        return "fraction"
    return "integral"


EXPECTED = {
    "function": "parse",
    "reach": [
        "return 'invalid'",
        "return 'nan'",
        "return 'infinite'",
        "return 'fraction'",
        "return 'integral'",
    ],
    "never": ["bug ValueError"],
    "complete": True,
    "max_str_len": 4,
    # verify.py: characters of float literals
    "alphabet": "15.e-naif x",
    "witness": {
        "return 'invalid'": {"s": "1e"},
        "return 'nan'": {"s": "-nan"},
        "return 'infinite'": {"s": "-inf"},
        "return 'fraction'": {"s": " .5"},
        "return 'integral'": {"s": "1e1"},
    },
}
