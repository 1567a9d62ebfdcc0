"""Targets for tests/unit/test_quotients.py: int / int tested against constants."""
import math


def floor_third(n: int) -> str:
    if math.floor(n / 3) == 7:
        return "seven"
    return "other"


def square_root_two(x: float) -> str:
    if x * x == 2.0 and x > 0.0:
        return "root"
    return "other"
