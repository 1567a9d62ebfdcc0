"""A NamedTuple parameter: attribute access, unpacking, a chained comparison
lo <= v < hi, and a deliberate ValueError for an inverted span."""
from typing import NamedTuple


class Span(NamedTuple):
    lo: int
    hi: int


def place(r: Span, v: int) -> str:
    if r.lo > r.hi:
        raise ValueError("inverted span")
    lo, hi = r
    if lo <= v < hi:
        return "inside"
    if v == r.hi:
        return "at_end"
    return "below" if v < lo else "above"


EXPECTED = {
    "function": "place",
    "reach": ["raise ValueError", "return 'inside'", "return 'at_end'", "return 'below'", "return 'above'"],
    "never": [],
    "complete": True,
    # inverted; inside; v < lo: below; v >= hi: at_end / above
    "paths": 5,
    "witness": {
        "raise ValueError": {"r": Span(2, 1), "v": 0},
        "return 'inside'": {"r": Span(0, 2), "v": 1},
        "return 'at_end'": {"r": Span(3, 3), "v": 3},
        "return 'below'": {"r": Span(0, 2), "v": -1},
        "return 'above'": {"r": Span(0, 2), "v": 5},
    },
}
