"""Input validation with explicit `raise ValueError(...)` (expected, not a bug)."""


def withdraw(balance: int, amount: int) -> str:
    if amount <= 0:
        raise ValueError("amount must be positive")
    if amount > balance:
        raise ValueError("insufficient funds")
    rest = balance - amount
    if rest == 0:
        return "emptied"
    if rest < 10:
        return "low"
    return "ok"


EXPECTED = {
    "function": "withdraw",
    "reach": [
        "raise ValueError",
        "return 'emptied'",
        "return 'low'",
        "return 'ok'",
    ],
    "never": ["bug ValueError"],
    "complete": True,
    "paths": 5,
    "witness": {
        "raise ValueError": {"balance": 0, "amount": 0},
        "return 'emptied'": {"balance": 5, "amount": 5},
        "return 'low'": {"balance": 5, "amount": 1},
        "return 'ok'": {"balance": 20, "amount": 1},
    },
}
