"""Assigning an attribute to a proxy fails as it does on the plain value.

SymInt, SymStr, SymFloat, SymBytes and SymTuple are instances of Python subclasses of
builtins whose instances cannot have a `__dict__` slot of their own declared away
(`__slots__` must be empty on a subclass of int, str, bytes or tuple), so they have one
where the plain value has none: `token.parent = self` with an int `token` stored the
attribute and went on, where the plain call raises AttributeError.  sqlparse's
`TokenList.insert_before(where, token)` emitted a regression test asserting a return
that the plain function never makes, and the search was `complete` over a path no
plain run takes.  A proxy keeps only its own fields; any other name is set on a plain
value of the builtin type, so the error is CPython's own, message included.
"""
from __future__ import annotations

from typing import Iterable


def plain_attributes(cls: type, base: type, own: Iterable[str]) -> None:
    """Make `cls` (a proxy of `base`) accept only the attribute names in `own`."""
    own = frozenset(own)
    empty = base()
    put, drop = object.__setattr__, object.__delattr__

    def __setattr__(self, name: str, value) -> None:
        if name in own:
            put(self, name, value)
        else:
            setattr(empty, name, value)   # raises CPython's AttributeError for `base`
            raise AttributeError(f"'{base.__name__}' object has no attribute '{name}'")

    def __delattr__(self, name: str) -> None:
        if name in own:
            drop(self, name)
        else:
            delattr(empty, name)
            raise AttributeError(f"'{base.__name__}' object has no attribute '{name}'")

    cls.__setattr__ = __setattr__
    cls.__delattr__ = __delattr__
