"""A plain class whose __init__ is annotated, a method raising a custom exception, and a
copy so the input object is never mutated (every run sees the same account)."""


class InsufficientFunds(Exception):
    pass


class Account:
    def __init__(self, owner: str, balance: int) -> None:
        self.owner = owner
        self.balance = balance

    def __repr__(self) -> str:
        return f"Account({self.owner!r}, {self.balance!r})"

    def withdraw(self, amount: int) -> int:
        if amount <= 0:
            raise ValueError("amount must be positive")
        if amount > self.balance:
            raise InsufficientFunds(self.owner)
        self.balance -= amount
        return self.balance


def settle(acct: Account, amount: int) -> str:
    if acct.owner == "":
        return "no_owner"
    work = Account(acct.owner, acct.balance)
    left = work.withdraw(amount)
    if left == 0:
        return "emptied"
    if left < 10:
        return "low"
    return "ok"


EXPECTED = {
    "function": "settle",
    "reach": [
        "return 'no_owner'",
        "raise ValueError",
        "raise InsufficientFunds",
        "return 'emptied'",
        "return 'low'",
        "return 'ok'",
    ],
    "never": [],
    "complete": True,
    "max_str_len": 2,
    "paths": 6,
    "witness": {
        "return 'no_owner'": {"acct": Account("", 5), "amount": 1},
        "raise ValueError": {"acct": Account("al", 5), "amount": 0},
        "raise InsufficientFunds": {"acct": Account("al", 5), "amount": 6},
        "return 'emptied'": {"acct": Account("al", 5), "amount": 5},
        "return 'low'": {"acct": Account("al", 12), "amount": 3},
        "return 'ok'": {"acct": Account("al", 20), "amount": 1},
    },
}
