"""A dataclass with container and Optional fields (list[int], Optional[str]) and a
method looping over the list."""
from dataclasses import dataclass
from typing import Optional


@dataclass
class Order:
    items: list[int]
    coupon: Optional[str]

    def subtotal(self) -> int:
        total = 0
        for price in self.items:
            if price < 0:
                raise ValueError("negative price")
            total += price
        return total


def price(order: Order) -> str:
    total = order.subtotal()
    if order.coupon is not None and order.coupon == "half":
        total = total // 2
    if total == 0:
        return "free"
    if total > 10:
        return "expensive"
    return "cheap"


EXPECTED = {
    "function": "price",
    "reach": ["raise ValueError", "return 'free'", "return 'expensive'", "return 'cheap'"],
    "never": [],
    "complete": True,
    "max_len": 3,
    "max_str_len": 4,
    "alphabet": "half",
    "witness": {
        "raise ValueError": {"order": Order([1, -1], None)},
        "return 'free'": {"order": Order([1], "half")},
        "return 'expensive'": {"order": Order([11], "hal")},
        "return 'cheap'": {"order": Order([3, 3], "half")},
    },
}
