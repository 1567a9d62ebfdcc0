"""Container inputs (not from a paper): orders against a stock, written for
smartest's support of lists, dicts and dataclasses.

`process(orders, stock)` ships every order the stock covers and decrements the
stock.  The check at the end wrongly assumes that a day shipping more than 10
units never sells an item out; the bug needs an order list whose shipped total
passes 10 and a dict entry that drops to exactly 0, which a random input
almost never gives.  Every input is composite: a `list[Order]` (a dataclass of a
str and an int) and a `dict[str, int]`, both bounded by `--max-len n`.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Order:
    item: str
    qty: int


def process(orders: list[Order], stock: dict[str, int]) -> int:
    shipped = 0
    for o in orders:
        if o.qty <= 0:
            continue
        have = stock.get(o.item, 0)
        if have >= o.qty:
            stock[o.item] = have - o.qty
            shipped += o.qty
    if shipped > 10:
        assert all(v != 0 for v in stock.values()), "an item sold out on a big day"
    return shipped


EXPECTED = {
    "function": "process",
    "bug": "AssertionError: shipped > 10 and an item's stock dropped to exactly 0",
    "bug_input": {"orders": [Order("a", 11)], "stock": {"a": 11}},
    "unreachable": None,
    "paths": None,
    "paper": "none (written for smartest's container inputs)",
}
