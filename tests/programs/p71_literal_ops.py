"""A Literal["add", "sub", "mul"] parameter selecting the operation on two ints."""
from typing import Literal


def apply(op: Literal["add", "sub", "mul"], a: int, b: int) -> str:
    if op == "add":
        r = a + b
    elif op == "sub":
        r = a - b
    else:
        r = a * b
    if r == 12:
        return "twelve"
    return "negative" if r < 0 else "non_negative"


EXPECTED = {
    "function": "apply",
    "reach": ["return 'twelve'", "return 'negative'", "return 'non_negative'"],
    "never": [],
    "complete": True,
    "witness": {
        "return 'twelve'": {"op": "mul", "a": 3, "b": 4},
        "return 'negative'": {"op": "sub", "a": 1, "b": 2},
        "return 'non_negative'": {"op": "add", "a": 0, "b": 0},
    },
}
