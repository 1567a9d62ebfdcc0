"""Verification annotations: `assumed` and `check`, plain Python and importable from
`smartest`.

    from smartest import assumed, check

    def deposit(self, amount):
        ...
        assumed(no_overflow(self.balance, amount), "a")    # the paper's `assumed P as a`
        self.balance = add32(self.balance, amount)
        ...
        check(self.balance >= old, verified="a")           # `assert P verified a`

`assumed(P, "a")` records that an analysis (a static analyzer, a code review)
assumed P at this point without checking it; `"a"` names the assumption.
`check(P, verified="a and b")` asserts P and records that P was verified under
the supposition `a and b` (a formula over assumption names of the same function:
`and`, `or`, `not`, `True`, `False`); `verified="False"`, the default, means P was
not verified, and `verified="True"` that it was fully verified.

Outside smartest, `assumed` does nothing and `check` is an assertion (it raises
AssertionError when P is false, and unlike `assert` it is never compiled away).
Under smartest, the functions that carry annotations are recompiled when the
exploration starts (`guided/instrument.py`): each assumption becomes a local
boolean `a = a and P`, each check `assume(A => P); assert P`, and with `--guided`
the may- and must-unverified conditions are inserted.  These two functions are then
only reached by calls the rewrite could not place (there are none in a function
it accepted).
"""
from __future__ import annotations

from typing import Any


def assumed(condition: Any, name: str) -> None:
    """`assumed condition as name`: an analysis assumed `condition` here without
    checking it.  A no-op when run outside smartest."""


def check(condition: Any, verified: str = "False", message: Any = None) -> None:
    """`assert condition verified <verified>`: an assertion and what it was verified
    under.  Outside smartest, an assertion."""
    if not condition:
        raise AssertionError(message) if message is not None else AssertionError()
