"""A dataclass parameter with a method: chained comparisons in `contains`, a deliberate
ValueError for an empty rectangle."""
from dataclasses import dataclass


@dataclass
class Rect:
    x: int
    y: int
    w: int
    h: int

    def contains(self, px: int, py: int) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h


def hit(r: Rect, px: int, py: int) -> str:
    if r.w <= 0 or r.h <= 0:
        raise ValueError("empty rectangle")
    if not r.contains(px, py):
        return "outside"
    if px == r.x and py == r.y:
        return "corner"
    return "inside"


EXPECTED = {
    "function": "hit",
    "reach": ["raise ValueError", "return 'outside'", "return 'corner'", "return 'inside'"],
    "never": [],
    "complete": True,
    # w <= 0; h <= 0; outside by each of the 4 comparisons; corner / inside at the
    # corner's x (px == x), inside with px != x
    "paths": 9,
    "witness": {
        "raise ValueError": {"r": Rect(0, 0, 0, 1), "px": 0, "py": 0},
        "return 'outside'": {"r": Rect(0, 0, 2, 2), "px": 0, "py": 2},
        "return 'corner'": {"r": Rect(1, 1, 2, 2), "px": 1, "py": 1},
        "return 'inside'": {"r": Rect(0, 0, 2, 2), "px": 1, "py": 0},
    },
}
